/**
 * ISO 20022 camt.053 (BkToCstmrStmt) read as it streams through `saxes` (kept: a conformant,
 * streaming XML parser that knows the line of every element), so a 20 MB file never becomes a
 * tree and its entries go to the importer a slice at a time. Each <Ntry> is one line: Amt, CdtDbtInd, BookgDt, AcctSvcrRef (the bank's id), the first
 * EndToEndId (our reference) and the remittance text. Namespace prefixes are ignored: banks use
 * camt.053.001.02 up to .13 with the same element names.
 */
import { SaxesParser } from 'saxes';
import {
  isDay,
  type ParsedStatement,
  STATEMENT_LIMITS,
  StatementFormatError,
  type StatementLine,
  wholeRupiah,
} from './types';

/** The element paths (below Ntry) whose text the reader keeps, by field. */
const ENTRY_FIELDS: Record<string, keyof Draft> = {
  'Ntry/Amt': 'amount',
  'Ntry/CdtDbtInd': 'direction',
  'Ntry/BookgDt/Dt': 'day',
  'Ntry/BookgDt/DtTm': 'dayTime',
  'Ntry/AcctSvcrRef': 'bankReference',
  'Ntry/NtryDtls/TxDtls/Refs/EndToEndId': 'reference',
  'Ntry/NtryDtls/TxDtls/RmtInf/Ustrd': 'remittance',
  'Ntry/AddtlNtryInf': 'info',
};

interface Draft {
  line: number;
  amount: string;
  currency: string;
  direction: string;
  day: string;
  dayTime: string;
  bankReference: string;
  reference: string;
  remittance: string;
  info: string;
}

const emptyDraft = (line: number): Draft => ({
  line,
  amount: '',
  currency: '',
  direction: '',
  day: '',
  dayTime: '',
  bankReference: '',
  reference: '',
  remittance: '',
  info: '',
});

function finishEntry(d: Draft): StatementLine {
  const amount = wholeRupiah(d.amount);
  if (amount === null || amount <= 0)
    throw new StatementFormatError(d.line, `Ntry/Amt ${d.amount || '(empty)'} is not whole rupiah`);
  if (d.currency && d.currency !== 'IDR')
    throw new StatementFormatError(d.line, `currency ${d.currency} is not IDR`);
  if (d.direction !== 'CRDT' && d.direction !== 'DBIT')
    throw new StatementFormatError(d.line, 'Ntry/CdtDbtInd must be CRDT or DBIT');
  const day = (d.day || d.dayTime).slice(0, 10);
  if (!isDay(day)) throw new StatementFormatError(d.line, 'Ntry/BookgDt is not a date');
  const reference = d.reference === 'NOTPROVIDED' ? '' : d.reference;
  return {
    line: d.line,
    bookedOn: day,
    amount: d.direction === 'CRDT' ? amount : -amount,
    reference,
    bankReference: d.bankReference,
    description: [d.remittance, d.info].filter(Boolean).join(' '),
  };
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Characters handed to saxes at a time; the lines read so far go to the importer after each. */
const WRITE_SLICE = 1 << 20;

function xmlRefusal(parser: SaxesParser, error: unknown): Error {
  if (error instanceof StatementFormatError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StatementFormatError(
    parser.line,
    `XML: ${message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')}`,
  );
}

/**
 * The file's entries a slice of text at a time (a generator: the importer stores each batch before
 * the next slice is read); answers the statement's account.
 */
export function* camt053Chunks(content: string): Generator<StatementLine[], string> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let lines: StatementLine[] = [];
  let count = 0;
  const path: string[] = [];
  let bankAccount = '';
  let draft: Draft | null = null;
  let entryDepth = -1;
  let text = '';
  parser.on('opentag', (tag) => {
    path.push(localName(tag.name));
    text = '';
    if (path.at(-1) === 'Ntry' && path.at(-2) === 'Stmt') {
      draft = emptyDraft(parser.line);
      entryDepth = path.length;
    } else if (draft && path.length === entryDepth + 1 && path.at(-1) === 'Amt') {
      draft.currency = String(tag.attributes.Ccy ?? '');
    }
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', () => {
    const name = path.join('/');
    if (draft) {
      const key = ENTRY_FIELDS[path.slice(entryDepth - 1).join('/')];
      if (key && key !== 'line' && !draft[key]) draft[key] = text.trim();
      if (path.length === entryDepth) {
        lines.push(finishEntry(draft));
        if (++count > STATEMENT_LIMITS.maxLines)
          throw new StatementFormatError(parser.line, 'more than 100,000 lines');
        draft = null;
      }
    } else if (/Stmt\/Acct\/Id\/(IBAN|Othr\/Id)$/.test(name) && !bankAccount) {
      bankAccount = text.trim();
    }
    path.pop();
    text = '';
  });
  const body = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  for (let start = 0; start <= body.length; start += WRITE_SLICE) {
    try {
      if (start + WRITE_SLICE > body.length) parser.write(body.slice(start)).close();
      else parser.write(body.slice(start, start + WRITE_SLICE));
    } catch (error) {
      throw xmlRefusal(parser, error);
    }
    if (lines.length > 0) yield lines;
    lines = [];
  }
  if (!path.length && count === 0 && !bankAccount)
    throw new StatementFormatError(1, 'no camt.053 statement (BkToCstmrStmt/Stmt) in the file');
  return bankAccount;
}

/** The whole file at once (small files and tests); the importer walks the chunks instead. */
export function parseCamt053(content: string): ParsedStatement {
  const lines: StatementLine[] = [];
  const walk = camt053Chunks(content);
  for (;;) {
    const step = walk.next();
    if (step.done) return { bankAccount: step.value, lines };
    for (const line of step.value) lines.push(line);
  }
}
