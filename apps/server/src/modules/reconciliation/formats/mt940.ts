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
  /** Index in `text` of each :61: and of the first :62: (the trailer). */
  entryStarts: number[];
  trailerStart: number;
  entries: Omit<StatementLine, 'description'>[];
}

/** Entries handed to mt940js at a time: its objects for 100,000 at once cost ~250 MB. */
const CHUNK = 5_000;

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
      current = {
        startLine: lineNo,
        text: [],
        tagLines: new Map(),
        entryStarts: [],
        trailerStart: -1,
        entries: [],
      };
      groups.push(current);
    }
    if (!current) continue;
    current.text.push(text);
    if (!tag) continue;
    const id = tag[1] ?? '';
    if (!current.tagLines.has(id)) current.tagLines.set(id, lineNo);
    if (id === '62' && current.trailerStart < 0) current.trailerStart = current.text.length - 1;
    if (id === '61') {
      current.entryStarts.push(current.text.length - 1);
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

const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');
const mtAmount = (n: number) => `${n < 0 ? 'D' : 'C'}`;

function parseWith(parser: InstanceType<typeof mt940.Parser>, group: Group, text: string) {
  try {
    return parser.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new StatementFormatError(errorLine(group, message), `MT940: ${message}`);
  }
}

/**
 * The statement's frame through mt940js: its own header and balance tags around one line of the
 * entries' total, so mt940js checks the mandatory tags, the currency and opening + lines = closing
 * on the real balances without holding every entry at once.
 */
function checkFrame(parser: InstanceType<typeof mt940.Parser>, group: Group): string {
  const firstEntry =
    group.entryStarts[0] ?? (group.trailerStart < 0 ? group.text.length : group.trailerStart);
  const total = group.entries.reduce((sum, e) => sum + e.amount, 0);
  const day = group.entries[0]?.bookedOn ?? '2000-01-01';
  const head = group.text.slice(0, firstEntry);
  const tail = group.trailerStart < 0 ? [] : group.text.slice(group.trailerStart);
  const totalLine = `:61:${yymmdd(day)}${mtAmount(total)}${Math.abs(total)},00NTRFTOTAL`;
  const frame = parseWith(parser, group, [...head, totalLine, ...tail].join('\n'));
  return frame[0]?.accountIdentification ?? '';
}

/** The entries' :86: details, a chunk at a time, each chunk a balanced statement of its own. */
function detailsOf(parser: InstanceType<typeof mt940.Parser>, group: Group): string[] {
  const details: string[] = [];
  const end = group.trailerStart < 0 ? group.text.length : group.trailerStart;
  for (let start = 0; start < group.entryStarts.length; start += CHUNK) {
    const from = group.entryStarts[start] ?? end;
    const to = group.entryStarts[start + CHUNK] ?? end;
    const sum = group.entries.slice(start, start + CHUNK).reduce((s, e) => s + e.amount, 0);
    const day = yymmdd(group.entries[start]?.bookedOn ?? '2000-01-01');
    const text = [
      ':20:CHUNK',
      ':25:CHUNK',
      ':28C:1',
      `:60F:C${day}IDR0,00`,
      ...group.text.slice(from, to),
      `:62F:${mtAmount(sum)}${day}IDR${Math.abs(sum)},00`,
    ];
    for (const s of parseWith(parser, group, text.join('\n')))
      for (const t of s.transactions) details.push((t.details ?? '').replace(/\n/g, ' '));
  }
  return details;
}

export function parseMt940(content: string): ParsedStatement {
  const groups = groupsOf(content.replace(/^\uFEFF/, '').split(/\r?\n/));
  const parser = new mt940.Parser({ no86Structure: true });
  const out: StatementLine[] = [];
  let bankAccount = '';
  for (const group of groups) {
    const account = checkFrame(parser, group);
    bankAccount ||= account;
    const details = detailsOf(parser, group);
    group.entries.forEach((entry, i) => {
      out.push({ ...entry, description: details[i] ?? '' });
    });
    group.text = [];
    if (out.length > STATEMENT_LIMITS.maxLines)
      throw new StatementFormatError(group.startLine, 'more than 100,000 lines');
  }
  return { bankAccount, lines: out };
}
