/**
 * The simulator bank's statement files: the movements of one provider account on one
 * day written as MT940, camt.053 and CSV, the way a bank would send them, so the reconciliation
 * loop runs in demo and tests. Pure: the caller gives the movements (from what the rails really
 * did) and the opening balance. Rupiah are whole; MT940 references are cut to the 16 characters
 * the format allows.
 */

export interface StatementMovement {
  /** `YYYY-MM-DD` */
  bookedOn: string;
  /** Whole rupiah, credit positive, debit negative. */
  amount: number;
  reference: string;
  bankReference: string;
  description: string;
}

export interface StatementFileInput {
  account: string;
  statementId: string;
  day: string;
  openingBalance: number;
  movements: readonly StatementMovement[];
}

/** The CSV layout the simulator bank exports; its mapping is saved like any bank's. */
export const SIMULATOR_CSV_MAPPING = {
  bank_code: 'SIM',
  delimiter: ',',
  date_column: 'Tanggal',
  date_format: 'DD/MM/YYYY',
  amount_column: null,
  debit_column: 'Debit',
  credit_column: 'Kredit',
  reference_column: 'Referensi',
  bank_reference_column: 'Ref Bank',
  description_column: 'Keterangan',
} as const;

const closingOf = (input: StatementFileInput) =>
  input.movements.reduce((sum, m) => sum + m.amount, input.openingBalance);

const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');
const swiftText = (text: string, max: number) =>
  text.replace(/[^A-Za-z0-9 .,()\-+?:'/]/g, ' ').slice(0, max);

function mt940Balance(tag: string, day: string, amount: number): string {
  return `:${tag}:${amount < 0 ? 'D' : 'C'}${yymmdd(day)}IDR${Math.abs(amount)},00`;
}

/** The head of an MT940 statement: its id, account and opening balance on `day`. */
export function mt940Head(statementId: string, account: string, day: string, opening: number) {
  return [
    `:20:${swiftText(statementId, 16)}`,
    `:25:${swiftText(account, 35)}`,
    `:28C:1/1`,
    mt940Balance('60F', day, opening),
  ].join('\r\n');
}

/** One movement as its :61: line and :86: description (written one by one, for long periods). */
export function mt940Movement(m: StatementMovement): string {
  const ref = swiftText(m.reference, 16).replace(/\//g, ' ') || 'NONREF';
  const dc = m.amount < 0 ? 'D' : 'C';
  const d = yymmdd(m.bookedOn);
  return [
    `:61:${d}${d.slice(2)}${dc}${Math.abs(m.amount)},00NTRF${ref}//${swiftText(m.bankReference, 16)}`,
    `:86:${swiftText(m.description, 65)}`,
  ].join('\r\n');
}

/** The closing balance on `day` and the end of the message. */
export function mt940Tail(day: string, closing: number): string {
  return `${mt940Balance('62F', day, closing)}\r\n-\r\n`;
}

export function writeMt940(input: StatementFileInput): string {
  const out = [mt940Head(input.statementId, input.account, input.day, input.openingBalance)];
  for (const m of input.movements) out.push(mt940Movement(m));
  return `${out.join('\r\n')}\r\n${mt940Tail(input.day, closingOf(input))}`;
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function camtBalance(code: string, day: string, amount: number): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="IDR">${Math.abs(amount)}.00</Amt><CdtDbtInd>${amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
}

/** One booked entry. */
export function camtEntry(m: StatementMovement): string {
  return [
    '<Ntry>',
    `<Amt Ccy="IDR">${Math.abs(m.amount)}.00</Amt>`,
    `<CdtDbtInd>${m.amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>`,
    `<BookgDt><Dt>${m.bookedOn}</Dt></BookgDt><ValDt><Dt>${m.bookedOn}</Dt></ValDt>`,
    `<AcctSvcrRef>${xml(m.bankReference)}</AcctSvcrRef>`,
    '<BkTxCd><Prtry><Cd>NTRF</Cd></Prtry></BkTxCd>',
    `<NtryDtls><TxDtls><Refs><EndToEndId>${xml(m.reference || 'NOTPROVIDED')}</EndToEndId></Refs>`,
    `<RmtInf><Ustrd>${xml(m.description.slice(0, 140))}</Ustrd></RmtInf></TxDtls></NtryDtls>`,
    '</Ntry>',
  ].join('');
}

/** What a camt.053 head states before its entries: balances and the totals of each side. */
export interface Camt053Head {
  statementId: string;
  account: string;
  /** The opening balance's date and the closing balance's date. */
  openedOn: string;
  closedOn: string;
  opening: number;
  closing: number;
  credits: { count: number; sum: number };
  debits: { count: number; sum: number };
  createdAt: Date;
}

/** Everything before the first entry (a long statement then writes its entries one by one). */
export function camt053Head(h: Camt053Head): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">',
    `<BkToCstmrStmt><GrpHdr><MsgId>${xml(h.statementId)}</MsgId><CreDtTm>${h.createdAt.toISOString()}</CreDtTm></GrpHdr>`,
    `<Stmt><Id>${xml(h.statementId)}</Id><CreDtTm>${h.createdAt.toISOString()}</CreDtTm>`,
    `<Acct><Id><Othr><Id>${xml(h.account)}</Id></Othr></Id><Ccy>IDR</Ccy></Acct>`,
    camtBalance('OPBD', h.openedOn, h.opening),
    camtBalance('CLBD', h.closedOn, h.closing),
    `<TxsSummry><TtlNtries><NbOfNtries>${h.credits.count + h.debits.count}</NbOfNtries></TtlNtries>`,
    `<TtlCdtNtries><NbOfNtries>${h.credits.count}</NbOfNtries><Sum>${h.credits.sum}.00</Sum></TtlCdtNtries>`,
    `<TtlDbtNtries><NbOfNtries>${h.debits.count}</NbOfNtries><Sum>${h.debits.sum}.00</Sum></TtlDbtNtries></TxsSummry>`,
  ].join('\n');
}

export const CAMT053_TAIL = '</Stmt></BkToCstmrStmt></Document>\n';

export function writeCamt053(input: StatementFileInput, createdAt: Date): string {
  const side = (list: readonly StatementMovement[]) => ({
    count: list.length,
    sum: list.reduce((s, m) => s + Math.abs(m.amount), 0),
  });
  const head = camt053Head({
    statementId: input.statementId,
    account: input.account,
    openedOn: input.day,
    closedOn: input.day,
    opening: input.openingBalance,
    closing: closingOf(input),
    credits: side(input.movements.filter((m) => m.amount > 0)),
    debits: side(input.movements.filter((m) => m.amount < 0)),
    createdAt,
  });
  return `${head}\n${input.movements.map(camtEntry).join('\n')}\n${CAMT053_TAIL}`;
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function writeStatementCsv(input: StatementFileInput): string {
  const rows = ['Tanggal,Keterangan,Referensi,Ref Bank,Debit,Kredit'];
  for (const m of input.movements) {
    const [y, mo, d] = m.bookedOn.split('-');
    rows.push(
      [
        `${d}/${mo}/${y}`,
        csvCell(m.description),
        csvCell(m.reference),
        csvCell(m.bankReference),
        m.amount < 0 ? String(-m.amount) : '',
        m.amount > 0 ? String(m.amount) : '',
      ].join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}
