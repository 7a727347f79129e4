import { readFileSync } from 'node:fs';
import { isTransferOk } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import mt940 from 'mt940js';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts } from '../../src/modules/payouts/accounts';
import { resolutionTransfers } from '../../src/modules/payouts/hold';
import { runDeliveriesOnce } from '../../src/modules/statements/delivery-runner';
import {
  OPEN_STATEMENTS_PER_USER,
  runStatementFilesOnce,
} from '../../src/modules/statements/files';
import { postings } from '../../src/modules/withdraw/postings';
import { insertTransactions } from '../data-pages/factories';
import { testDatabases } from '../helpers/databases';
import { pdfText } from '../helpers/pdf-text';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, TUESDAY_10_WIB } from '../payins/factory';

const SEEDED_AT = new Date('2026-11-16T10:00:00+07:00');
/** The seeded balance of the partner before the week the tests look at. */
const SEEDED = 25_000_000;
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const at = (day: string, time: string) => new Date(`${day}T${time}+07:00`);

/** What mt940js reads of a statement beyond the lines (its own type leaves them out). */
interface Mt940Read {
  openingBalance: number;
  closingBalance: number;
  transactions: Array<{ amount: number; reference: string; details: string }>;
}

/** camt.053 read with saxes, independently of our writer: balances, summary and entries. */
function readCamt(xml: string) {
  const parser = new SaxesParser();
  const path: string[] = [];
  const out = { balances: {} as Record<string, number>, entries: [] as number[], summary: 0 };
  let balance = { code: '', amount: 0, sign: 1 };
  let entry = { amount: 0, sign: 1 };
  let text = '';
  parser.on('opentag', (tag) => {
    path.push(tag.name);
    text = '';
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    const inside = (name: string) => path.includes(name);
    if (tag.name === 'Cd' && inside('Bal')) balance.code = text;
    if (tag.name === 'Amt' && inside('Bal')) balance.amount = Number(text);
    if (tag.name === 'CdtDbtInd' && inside('Bal')) balance.sign = text === 'DBIT' ? -1 : 1;
    if (tag.name === 'Bal') {
      out.balances[balance.code] = balance.sign * balance.amount;
      balance = { code: '', amount: 0, sign: 1 };
    }
    if (tag.name === 'Amt' && inside('Ntry')) entry.amount = Number(text);
    if (tag.name === 'CdtDbtInd' && inside('Ntry')) entry.sign = text === 'DBIT' ? -1 : 1;
    if (tag.name === 'Ntry') {
      out.entries.push(entry.sign * entry.amount);
      entry = { amount: 0, sign: 1 };
    }
    if (tag.name === 'NbOfNtries' && path.at(-2) === 'TtlNtries') out.summary = Number(text);
    path.pop();
  });
  parser.write(xml).close();
  return out;
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/**
 * Balance statements on both databases (ADR 020): a Monday with a top-up, a posted
 * withdrawal and a voided one (its hold given back as REVERSAL lines), then a Tuesday top-up.
 * Every format is written by the job, downloaded through its link and read back by a parser of
 * its own (mt940js, saxes, exceljs, pdf.js, plain CSV): opening + lines = closing and the lines'
 * totals agree. A period with no lines, an unbalanced period (refused, no file), bad input, and
 * the daily e-mail delivery sent once per period, with the file attached or as a link.
 */
describe.each(testDatabases())('balance statements on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let agentId: number;
  const environment: Environment = 'production';

  async function seedMovements() {
    const payer = { agentId, environment };
    const accounts = await payoutAccounts(t.services.ledger, payer, 'TEST');
    const cash = await t.services.ledger.ensureAccount({
      kind: 'cash_in_clearing',
      subkey: 'STMT',
      environment,
    });
    const topup = async (id: string, amount: number) => {
      const [r] = await t.services.ledger.createTransfers([
        {
          id,
          debitAccountId: cash.id,
          creditAccountId: accounts.merchant,
          amount,
          kind: 'topup',
          reference: id,
        },
      ]);
      expect(r && isTransferOk(r)).toBe(true);
    };
    t.clock.set(at(MONDAY, '09:00:00'));
    await topup('DEP-STMT-0001', 1_000_000);
    await insertTransactions(
      t.services,
      agentId,
      ['STMTPOST0001', 'STMTVOID0001'].map((id) => ({
        id_transaksi: id,
        namabank: 'Bank BCA',
        nopelanggan1: '1234567890',
        customername: 'Đặng Thị Ánh',
      })),
    );
    for (const [id, amount, posted, time] of [
      ['STMTPOST0001', 150_000, true, '10:00:00'],
      ['STMTVOID0001', 100_000, false, '11:00:00'],
    ] as const) {
      t.clock.set(at(MONDAY, time));
      const inputs = postings(
        {
          id_transaksi: id,
          amount,
          admin_fee: 2_500,
          product_name: 'Bank BCA',
          account_number: '1234567890',
          account_name: 'Đặng Thị Ánh',
        },
        accounts,
      );
      expect((await t.services.ledger.createTransfers(inputs)).every(isTransferOk)).toBe(true);
      const ids = inputs.map((i) => i.id);
      await t.services.ledger.createTransfers(resolutionTransfers(ids, id, posted));
    }
    t.clock.set(at(TUESDAY, '09:00:00'));
    await topup('DEP-STMT-0002', 500_000);
    t.clock.set(TUESDAY_10_WIB);
  }

  /** Asks for a statement, runs the job, and downloads the file through the link it lists. */
  async function statement(client: TestClient, from: string, to: string, format: string) {
    const created = await client.post('/statements', { from, to, format });
    expect(created.rc, created.rd).toBe('00');
    await runStatementFilesOnce(t.services);
    const list = await client.get('/statements');
    const row = list.data.find((f: { id: number }) => f.id === created.data.id);
    expect(row.status, row.error).toBe(3);
    const res = await t.app.inject({ method: 'GET', url: row.download });
    expect(res.statusCode).toBe(200);
    return { row, body: res.rawPayload };
  }

  beforeAll(async () => {
    // The seed books the partner's first top-up a week earlier, so every entry is written in
    // time order (a statement refuses entries that do not chain, see the unbalanced case).
    t = await createTestApp(kind, { clockAt: SEEDED_AT });
    agentId = await agentIdOf(t);
    await seedMovements();
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('MT940 reads back with mt940js: opening + lines = closing', async () => {
    const { row, body } = await statement(partner, MONDAY, MONDAY, 'mt940');
    expect(row.line_count).toBe(7);
    const [read] = new mt940.Parser().parse(body.toString('utf8')) as unknown as Mt940Read[];
    expect(read?.openingBalance).toBe(SEEDED);
    expect(read?.closingBalance).toBe(SEEDED + 847_500);
    const amounts = read?.transactions.map((l) => l.amount) ?? [];
    expect(amounts).toEqual([1_000_000, -150_000, -2_500, -100_000, -2_500, 100_000, 2_500]);
    expect(sum(amounts)).toBe(847_500);
    expect(read?.transactions[0]?.details).toContain('TOPUP');
    expect(read?.transactions[5]?.details).toContain('REVERSAL');
  });

  it('camt.053 reads back with saxes over two days', async () => {
    const { body } = await statement(partner, MONDAY, TUESDAY, 'camt053');
    const read = readCamt(body.toString('utf8'));
    expect(read.balances.OPBD).toBe(SEEDED);
    expect(read.balances.CLBD).toBe(SEEDED + 1_347_500);
    expect(read.entries).toHaveLength(8);
    expect(read.summary).toBe(8);
    expect(sum(read.entries)).toBe(1_347_500);
  });

  it('XLSX has date cells and rupiah numbers, framed by opening and closing', async () => {
    const { body } = await statement(partner, TUESDAY, TUESDAY, 'xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(4); // header, opening, one line, closing
    const [, opening, line = [], closing] = rows as unknown[][];
    expect(opening?.[7]).toBe(SEEDED + 847_500);
    expect(line?.[1]).toBeInstanceOf(Date);
    // The WIB wall clock: 09:00 on Tuesday.
    expect((line[1] as Date).toISOString().slice(0, 16)).toBe('2026-11-24T09:00');
    expect(line?.[2]).toBe('TOPUP');
    expect(line?.[6]).toBe(500_000);
    expect(closing?.[7]).toBe(SEEDED + 1_347_500);
    expect(sheet.getCell('F3').numFmt).toContain('#,##0');
  });

  it('PDF embeds its font and reads back in English and Indonesian', async () => {
    const en = await pdfText((await statement(partner, MONDAY, MONDAY, 'pdf')).body);
    expect(en).toContain('Balance Statement');
    expect(en).toContain('Rp. 25.847.500');
    expect(en).toContain('Reversal');
    expect(en).toContain('Đặng Thị Ánh');
    const id = await t.loginAs('partner@demo.id', { lang: 'id' });
    const text = await pdfText((await statement(id, MONDAY, MONDAY, 'pdf')).body);
    expect(text).toContain('Rekening Koran Saldo');
    expect(text).toContain('Pembatalan');
    expect(text).not.toContain('Balance Statement');
  });

  it('CSV lines sum from opening to closing; a period with no lines is opening = closing', async () => {
    const csv = (await statement(partner, MONDAY, MONDAY, 'csv')).body.toString('utf8');
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Date,Type,Reference,Description,Debit,Credit,Balance');
    const lines = rows.slice(2, -1).map((r) => r.split(','));
    expect(lines.map((l) => l[1])).toEqual([
      'TOPUP',
      'PAYOUT',
      'FEE',
      'PAYOUT',
      'FEE',
      'REVERSAL',
      'REVERSAL',
    ]);
    const moved = sum(lines.map((l) => Number(l.at(-2) || 0) - Number(l.at(-3) || 0)));
    expect(moved).toBe(847_500);
    expect(rows.at(-1)?.endsWith(`,${SEEDED + 847_500}`)).toBe(true);

    const empty = await statement(partner, '2026-11-20', '2026-11-21', 'mt940');
    expect(empty.row.line_count).toBe(0);
    const [read] = new mt940.Parser().parse(empty.body.toString('utf8')) as unknown as Mt940Read[];
    expect([read?.openingBalance, read?.closingBalance, read?.transactions.length]).toEqual([
      SEEDED,
      SEEDED,
      0,
    ]);
  });

  it('refuses bad input in the user language and stores nothing', async () => {
    const before = await t.services.db
      .selectFrom('statement_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const backwards = await partner.post('/statements', {
      from: TUESDAY,
      to: MONDAY,
      format: 'pdf',
    });
    expect(backwards.rc).not.toBe('00');
    expect(backwards.rd).toContain('start not after the end');
    const id = await t.loginAs('partner@demo.id', { lang: 'id' });
    const format = await id.post('/statements', { from: MONDAY, to: MONDAY, format: 'docx' });
    expect(format.rd).toContain('Pilih format');
    const after = await t.services.db
      .selectFrom('statement_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/statements/download?id=1&token=9999999999.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(forged.statusCode).not.toBe(200);
  });

  it('holds the open-files limit when requests arrive at once', async () => {
    const user = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    const openOf = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('statement_files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', user.id)
            .where('status', 'in', [0, 2])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const room = OPEN_STATEMENTS_PER_USER - (await openOf());
    const answers = await Promise.all(
      Array.from({ length: room + 4 }, () =>
        partner.post('/statements', { from: MONDAY, to: MONDAY, format: 'csv' }),
      ),
    );
    expect(answers.filter((a) => a.rc === '00')).toHaveLength(room);
    const refusedOnes = answers.filter((a) => a.rc !== '00');
    expect(refusedOnes).toHaveLength(4);
    expect(refusedOnes[0]!.rd).toContain(String(OPEN_STATEMENTS_PER_USER));
    expect(await openOf()).toBe(OPEN_STATEMENTS_PER_USER);
    await runStatementFilesOnce(t.services, 20);
  });

  it('refuses an unbalanced period before writing any file', async () => {
    const account = await t.services.ledger.findAccount({
      kind: 'merchant_available',
      agentId,
      environment,
    });
    // An entry that does not chain (it starts 1.000 below the balance before it and ends on it):
    // opening + lines ≠ closing, which the check must catch. Later periods are not affected.
    await sql`insert into ledger_entries
      (account_id, transfer_id, direction, amount, balance_before, balance_after, created_at)
      values (${account?.id}, 'broken-entry', 'credit', 1000, ${SEEDED - 1000}, ${SEEDED},
        ${at('2026-11-18', '12:00:00').toISOString()}::timestamptz)`.execute(t.services.db);
    const created = await partner.post('/statements', {
      from: '2026-11-18',
      to: '2026-11-18',
      format: 'csv',
    });
    await runStatementFilesOnce(t.services);
    const row = (await partner.get('/statements')).data.find(
      (f: { id: number }) => f.id === created.data.id,
    );
    expect(row.status).toBe(4);
    expect(row.error).toBe('statements.errors.unbalanced');
    expect(row.download).toBeNull();
    const stored = await t.services.db
      .selectFrom('statement_files')
      .select('file_name')
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.file_name).toBeNull();
  });

  it('sends a daily delivery once per WIB day, attached or as a link, audited', async () => {
    const saved = await partner.post('/statements/deliveries', {
      frequency: 'daily',
      format: 'csv',
    });
    expect(saved.rc, saved.rd).toBe('00');
    expect(saved.data.email).toBe('partner@demo.id');
    const mails = () =>
      t.services.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('kind', '=', 'statement_delivery')
        .orderBy('id')
        .execute();
    // Still Tuesday: Monday ended before the delivery was set up, so nothing is due.
    await runDeliveriesOnce(t.services);
    expect(await mails()).toHaveLength(0);
    // Just after the WIB midnight: Tuesday's statement, once, even with two passes at once.
    t.clock.set(at('2026-11-25', '00:05:00'));
    await Promise.all([runDeliveriesOnce(t.services), runDeliveriesOnce(t.services)]);
    await runDeliveriesOnce(t.services);
    const [first, ...rest] = await mails();
    expect(rest).toHaveLength(0);
    expect(first?.to_address).toBe('partner@demo.id');
    expect(first?.subject).toContain('2026-11-24');
    expect(first?.attachment_name).toBe('statement-2026-11-24_2026-11-24.csv');
    const attached = readFileSync(String(first?.attachment_path), 'utf8');
    expect(attached).toContain('DEP-STMT-0002');
    // The next day, with a threshold below the file's size: a link that opens without a session.
    t.clock.set(at('2026-11-26', '00:05:00'));
    await runDeliveriesOnce(t.services, { attachMaxBytes: 0 });
    const second = (await mails())[1];
    expect(second?.attachment_name).toBeNull();
    const link = /(\/api\/statements\/download\?\S+)/.exec(String(second?.body_text))?.[1];
    expect(link).toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: String(link) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Date,Type');
    const audits = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'statement_delivery%')
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual([
      'statement_delivery_save',
      'statement_delivery_sent',
      'statement_delivery_sent',
    ]);
    // Back to office hours (the session's idle clock), then the list and the stop.
    t.clock.set(at('2026-11-24', '10:30:00'));
    const list = await partner.get('/statements/deliveries');
    expect(list.data[0].last_sent).toBe('2026-11-25');
    const stopped = await partner.post('/statements/deliveries/stop', { id: saved.data.id });
    expect(stopped.data.active).toBe(false);
    t.clock.set(TUESDAY_10_WIB);
  });
});
