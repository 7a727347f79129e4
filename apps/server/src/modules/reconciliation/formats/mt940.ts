/**
 * SWIFT MT940 through `mt940js` (kept: it checks the mandatory tags 20/25/28/60/62, one currency per
 * statement and opening + lines = closing, and reads :86: details). Its errors carry no line, so the
 * file is walked line by line here, each tag's first line remembered, and every :61: line is
 * checked against the strict layout first (mt940js' pattern is open at the end and would read
 * `15O000NTRF` as 15). The walk hands out the lines a chunk at a time (a generator), so a
 * 100,000-line file is never held as lines, entries and mt940js objects all at once: the importer
 * stores each chunk before the next is read (bench/recon.bench.ts, peak RSS ≤ 256 MB).
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

type Entry = Omit<StatementLine, 'description'>;

/** One statement (from :20:) as it is walked: its frame kept, its entries only a chunk at a time. */
interface Group {
  startLine: number;
  /** Lines before the first :61: (the header and opening balance). */
  head: string[];
  /** Lines from the first :62: on (the trailer). */
  tail: string[];
  /** The file line of each tag in the group, by tag id (first occurrence). */
  tagLines: Map<string, number>;
  /** The current chunk: its text from its first :61: and its entries. */
  chunkText: string[];
  chunk: Entry[];
  total: number;
  firstDay: string | null;
  entries: number;
}

/**
 * Entries handed to mt940js (and to the importer) at a time: its objects for 100,000 cost ~250 MB;
 * 2,000 rather than 5,000 lowered the bench's peak RSS by 60 MB at no cost in time.
 */
export const MT940_CHUNK = 2_000;

function readEntry(text: string, line: number): Entry {
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
  const day = group.firstDay ?? '2000-01-01';
  const total = group.total;
  const totalLine = `:61:${yymmdd(day)}${mtAmount(total)}${Math.abs(total)},00NTRFTOTAL`;
  const frame = parseWith(parser, group, [...group.head, totalLine, ...group.tail].join('\n'));
  return frame[0]?.accountIdentification ?? '';
}

/** The chunk's lines with their :86: details, read by mt940js as a balanced statement of its own. */
function flushChunk(parser: InstanceType<typeof mt940.Parser>, group: Group): StatementLine[] {
  const entries = group.chunk;
  if (entries.length === 0) return [];
  const sum = entries.reduce((s, e) => s + e.amount, 0);
  const day = yymmdd(entries[0]?.bookedOn ?? '2000-01-01');
  const text = [
    ':20:CHUNK',
    ':25:CHUNK',
    ':28C:1',
    `:60F:C${day}IDR0,00`,
    ...group.chunkText,
    `:62F:${mtAmount(sum)}${day}IDR${Math.abs(sum)},00`,
  ];
  const details: string[] = [];
  for (const s of parseWith(parser, group, text.join('\n')))
    for (const t of s.transactions) details.push((t.details ?? '').replace(/\n/g, ' '));
  group.chunk = [];
  group.chunkText = [];
  return entries.map((entry, i) => ({ ...entry, description: details[i] ?? '' }));
}

const newGroup = (startLine: number): Group => ({
  startLine,
  head: [],
  tail: [],
  tagLines: new Map(),
  chunkText: [],
  chunk: [],
  total: 0,
  firstDay: null,
  entries: 0,
});

/** The file's lines one at a time, without splitting the whole text into an array. */
function* fileLines(content: string): Generator<string> {
  let start = content.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (start <= content.length) {
    let end = content.indexOf('\n', start);
    if (end < 0) end = content.length;
    const raw = content.slice(start, end);
    yield raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    start = end + 1;
  }
}

/** Places one line of a group: header, a chunk's entry or detail, or the trailer. */
function placeLine(group: Group, text: string, lineNo: number, id: string | undefined): void {
  if (group.tail.length > 0 || id === '62') {
    if (id === '61')
      throw new StatementFormatError(lineNo, 'MT940 :61: after the closing balance :62:');
    group.tail.push(text);
    return;
  }
  if (id === '61') {
    const entry = readEntry(text, lineNo);
    group.chunk.push(entry);
    group.total += entry.amount;
    group.firstDay ??= entry.bookedOn;
    group.entries++;
  }
  if (group.entries === 0) group.head.push(text);
  else group.chunkText.push(text);
}

/**
 * The file's lines a chunk at a time (a new statement at each :20:); answers the first statement's
 * account. A refusal can come after chunks were handed out: the importer's transaction drops them.
 */
export function* mt940Chunks(content: string): Generator<StatementLine[], string> {
  const parser = new mt940.Parser({ no86Structure: true });
  let group: Group | null = null;
  let bankAccount = '';
  let count = 0;
  const finish = (g: Group) => {
    const account = checkFrame(parser, g);
    bankAccount ||= account;
  };
  let lineNo = 0;
  for (const text of fileLines(content)) {
    lineNo++;
    const tag = TAG.exec(text);
    const id = tag?.[1];
    if (id === '20' || (group === null && text.trim() !== '' && !text.startsWith('{'))) {
      if (id !== '20')
        throw new StatementFormatError(lineNo, 'MT940 statement must start with :20:');
      if (group) {
        yield flushChunk(parser, group);
        finish(group);
      }
      group = newGroup(lineNo);
    }
    if (!group) continue;
    if (id && !group.tagLines.has(id)) group.tagLines.set(id, lineNo);
    if (id === '61' && group.chunk.length >= MT940_CHUNK) yield flushChunk(parser, group);
    if (id === '62' && group.tail.length === 0) yield flushChunk(parser, group);
    placeLine(group, text, lineNo, id);
    if (id === '61' && ++count > STATEMENT_LIMITS.maxLines)
      throw new StatementFormatError(lineNo, 'more than 100,000 lines');
  }
  if (!group) throw new StatementFormatError(1, 'no MT940 statement in the file');
  yield flushChunk(parser, group);
  finish(group);
  return bankAccount;
}

/** The whole file at once (small files and tests); the importer walks the chunks instead. */
export function parseMt940(content: string): ParsedStatement {
  const lines: StatementLine[] = [];
  const walk = mt940Chunks(content);
  for (;;) {
    const step = walk.next();
    if (step.done) return { bankAccount: step.value, lines };
    for (const line of step.value) lines.push(line);
  }
}
