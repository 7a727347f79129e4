/**
 * The simulator bank's statement files (issue 25 §1): the movements of one provider account on one
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

export function writeMt940(input: StatementFileInput): string {
  const out = [
    `:20:${swiftText(input.statementId, 16)}`,
    `:25:${swiftText(input.account, 35)}`,
    `:28C:1/1`,
    mt940Balance('60F', input.day, input.openingBalance),
  ];
  for (const m of input.movements) {
    const ref = swiftText(m.reference, 16).replace(/\//g, ' ') || 'NONREF';
    const dc = m.amount < 0 ? 'D' : 'C';
    const d = yymmdd(m.bookedOn);
    out.push(
      `:61:${d}${d.slice(2)}${dc}${Math.abs(m.amount)},00NTRF${ref}//${swiftText(m.bankReference, 16)}`,
    );
    out.push(`:86:${swiftText(m.description, 65)}`);
  }
  out.push(mt940Balance('62F', input.day, closingOf(input)));
  return `${out.join('\r\n')}\r\n-\r\n`;
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function camtBalance(code: string, day: string, amount: number): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="IDR">${Math.abs(amount)}.00</Amt><CdtDbtInd>${amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
}

function camtEntry(m: StatementMovement): string {
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

export function writeCamt053(input: StatementFileInput, createdAt: Date): string {
  const credits = input.movements.filter((m) => m.amount > 0);
  const debits = input.movements.filter((m) => m.amount < 0);
  const sum = (list: readonly StatementMovement[]) =>
    list.reduce((s, m) => s + Math.abs(m.amount), 0);
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">',
    `<BkToCstmrStmt><GrpHdr><MsgId>${xml(input.statementId)}</MsgId><CreDtTm>${createdAt.toISOString()}</CreDtTm></GrpHdr>`,
    `<Stmt><Id>${xml(input.statementId)}</Id><CreDtTm>${createdAt.toISOString()}</CreDtTm>`,
    `<Acct><Id><Othr><Id>${xml(input.account)}</Id></Othr></Id><Ccy>IDR</Ccy></Acct>`,
    camtBalance('OPBD', input.day, input.openingBalance),
    camtBalance('CLBD', input.day, closingOf(input)),
    `<TxsSummry><TtlNtries><NbOfNtries>${input.movements.length}</NbOfNtries></TtlNtries>`,
    `<TtlCdtNtries><NbOfNtries>${credits.length}</NbOfNtries><Sum>${sum(credits)}.00</Sum></TtlCdtNtries>`,
    `<TtlDbtNtries><NbOfNtries>${debits.length}</NbOfNtries><Sum>${sum(debits)}.00</Sum></TtlDbtNtries></TxsSummry>`,
  ];
  return `${head.join('\n')}\n${input.movements.map(camtEntry).join('\n')}\n</Stmt></BkToCstmrStmt></Document>\n`;
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
