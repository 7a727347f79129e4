/**
 * SWIFT MT940 through `mt940js` (kept: it checks the mandatory tags 20/25/28/60/62, one currency per
 * statement and opening + lines = closing, and reads :86: details). Its errors carry no line, so the
 * file is split into statements here, each tag's first line remembered, and every :61: line is
 * checked against the strict layout first (mt940js' pattern is open at the end and would read
 * `15O000NTRF` as 15). Transactions come back in :61: order, which gives each its line.
 */
import mt940 from 'mt940js';
import {
  checkedDay,
  type ParsedStatement,
  STATEMENT_LIMITS,
  StatementFormatError,
  type StatementLine,
  wholeRupiah,
} from './types';

/** :61: date, optional entry date, (R)D/C, funds code, amount, type, customer ref, //bank ref. */
const LINE_61 =
  /^:61:(\d{2})(\d{2})(\d{2})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,14},\d{0,2})([NFS][A-Z0-9]{3})([^/]{0,16})(?:\/\/(.{0,16}))?$/;
const TAG = /^:([0-9]{2}|NS)([A-Z])?:/;

interface Group {
  startLine: number;
  text: string[];
  /** The file line of each tag in the group, by tag id (first occurrence) and of each :61:. */
  tagLines: Map<string, number>;
  entryLines: number[];
  entries: Omit<StatementLine, 'description'>[];
}

function readEntry(text: string, line: number): Omit<StatementLine, 'description'> {
  const m = LINE_61.exec(text.trimEnd());
  if (!m) throw new StatementFormatError(line, 'MT940 :61: line does not follow the layout');
  const day = checkedDay(2000 + Number(m[1]), Number(m[2]), Number(m[3]));
  if (!day)
    throw new StatementFormatError(line, `MT940 :61: date ${m[1]}${m[2]}${m[3]} is not a day`);
  const amount = wholeRupiah(m[7] ?? '');
  if (amount === null || amount === 0)
    throw new StatementFormatError(line, `amount ${m[7]} is not whole rupiah`);
  const credit = m[5] === 'C' || m[5] === 'RD';
  return {
    line,
    bookedOn: day,
    amount: credit ? amount : -amount,
    reference: (m[9] ?? '').trim() === 'NONREF' ? '' : (m[9] ?? '').trim(),
    bankReference: (m[10] ?? '').trim(),
  };
}

/** Splits the file into statements (a new one at each :20:), checking each :61: on the way. */
function groupsOf(lines: string[]): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] ?? '';
    const lineNo = i + 1;
    const tag = TAG.exec(text);
    if (tag?.[1] === '20' || (current === null && text.trim() !== '' && !text.startsWith('{'))) {
      if (tag?.[1] !== '20')
        throw new StatementFormatError(lineNo, 'MT940 statement must start with :20:');
      current = { startLine: lineNo, text: [], tagLines: new Map(), entryLines: [], entries: [] };
      groups.push(current);
    }
    if (!current) continue;
    current.text.push(text);
    if (!tag) continue;
    const id = tag[1] ?? '';
    if (!current.tagLines.has(id)) current.tagLines.set(id, lineNo);
    if (id === '61') {
      current.entries.push(readEntry(text, lineNo));
      if (current.entries.length + groups.length > STATEMENT_LIMITS.maxLines * 2)
        throw new StatementFormatError(lineNo, 'too many lines');
    }
  }
  if (groups.length === 0) throw new StatementFormatError(1, 'no MT940 statement in the file');
  return groups;
}

/** The line an mt940js error points at: the tag it names, else the closing balance, else the start. */
function errorLine(group: Group, message: string): number {
  const tag = /tag (\d{2}|NS)/i.exec(message)?.[1];
  if (tag && group.tagLines.has(tag)) return group.tagLines.get(tag) ?? group.startLine;
  if (/turnover/.test(message)) return group.tagLines.get('62') ?? group.startLine;
  return group.startLine;
}

export function parseMt940(content: string): ParsedStatement {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const groups = groupsOf(lines);
  const parser = new mt940.Parser({ no86Structure: true });
  const out: StatementLine[] = [];
  let bankAccount = '';
  for (const group of groups) {
    let statements: ReturnType<typeof parser.parse>;
    try {
      statements = parser.parse(group.text.join('\n'));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new StatementFormatError(errorLine(group, message), `MT940: ${message}`);
    }
    const transactions = statements.flatMap((s) => s.transactions);
    bankAccount ||= statements[0]?.accountIdentification ?? '';
    group.entries.forEach((entry, i) => {
      out.push({ ...entry, description: (transactions[i]?.details ?? '').replace(/\n/g, ' ') });
    });
    if (out.length > STATEMENT_LIMITS.maxLines)
      throw new StatementFormatError(group.startLine, 'more than 100,000 lines');
  }
  return { bankAccount, lines: out };
}
