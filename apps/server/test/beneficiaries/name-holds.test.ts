import { checkInvariants } from '@gerbang/ledger';
import { formatRupiah, wibDate } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce as expireNameHolds } from '../../src/modules/beneficiaries/hold-expiry';
import { runOnce as runBulk } from '../../src/modules/bulk-transfer/runner';
import { checkedRows, csvOf, PIN } from '../bulk-transfer/helpers';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { bankInquiry, fundAgent, ledgerBalance, offsetToWib, prepare } from '../withdraw/factory';

const PARTNER = 'partner@demo.id';
const STAFF = 'staff@demo.id';
const FINANCE = 'finance@demo.id';
const FEE = 2_500;
const HOUR = 3_600_000;
const NO_APPROVAL = {
  expiry_hours: 24,
  applies_to_api: false,
  tiers: { withdraw: [], bulk: [], remittance: [] },
};

/**
 * Name-mismatch holds beyond the single payout (ADR 016): every bulk row meets the book's name
 * check (a mismatched row is held alone, released or rejected like a single payout), a hold nobody
 * decides expires after the approval policy's expiry (money back once, maker mailed, also racing
 * an override), and a refused payout tells a user flagged "no balance" no balance figure.
 */
describe.each(testDatabases())('name holds on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let staff: TestClient;
  let finance: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
    await fundAgent(t, PARTNER, 20_000_000);
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    staff = await t.loginAs(STAFF, { lang: 'en' });
    finance = await t.loginAs(FINANCE, { lang: 'en' });
    expect((await partner.post('/approvals/policy', NO_APPROVAL)).rc).toBe('00');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function save(number: string, label: string) {
    const res = await partner.post('/beneficiaries', {
      type: 'BANK',
      code: '014',
      account_number: number,
      label,
    });
    expect(res.rc, res.rd).toBe('00');
    return res.data as { id: number; account_name: string };
  }

  async function rename(number: string, name: string) {
    const res = await partner.post('/dev/simulator/rename_account', {
      kind: 'BANK',
      code: '014',
      account_number: number,
      name,
    });
    expect(res.rc, res.rd).toBe('00');
  }

  async function holdOf(reference: string) {
    return t.services.db
      .selectFrom('transactions as t')
      .innerJoin('rail_submissions as s', 's.transaction_id', 't.id')
      .leftJoin('name_checks as n', 'n.submission_id', 's.id')
      .select([
        't.status_trx',
        't.response_code',
        's.id',
        's.state',
        'n.status',
        'n.created_at',
        'n.expires_at',
      ])
      .where('t.id_transaksi', '=', reference)
      .executeTakeFirstOrThrow();
  }

  async function rowsOf(groupId: number) {
    return t.services.db
      .selectFrom('disbursement_details')
      .select(['row_no', 'status', 'id_transaksi', 'refunded_at'])
      .where('group_id', '=', groupId)
      .orderBy('row_no')
      .execute();
  }

  it('a bulk group with 2 of 5 rows renamed: those rows are held alone, one released, one rejected', async () => {
    // csvOf's rows pay 12000000001 … 12000000005; rows 2, 3 and 4 are in the book.
    const accounts = [1, 2, 3, 4, 5].map((i) => `12${String(i).padStart(8, '0')}`);
    await save(accounts[1] as string, 'Row two');
    await save(accounts[2] as string, 'Row three');
    await save(accounts[3] as string, 'Row four');
    await rename(accounts[1] as string, 'Pemilik Baru');
    await rename(accounts[3] as string, 'Orang Lain');
    const before = await ledgerBalance(t, PARTNER);
    const checked = await checkedRows(partner, csvOf(5));
    const saved = await partner.post('/transaction/cashout_save', {
      saved_data: checked.saved,
      pin: PIN,
      group_name: 'Gaji Desember',
      group_desc: 'Gaji',
      token: checked.token.checksum,
      uuid_user: checked.token.uuid_user,
    });
    expect(saved.rc, saved.rd).toBe('00');
    const groupId = saved.data.group_id as number;
    for (let pass = 0; pass < 5; pass++) await runBulk(t.services);
    const rows = await rowsOf(groupId);
    // The unrenamed book entry (row 3) and the rows outside the book go; rows 2 and 4 wait.
    expect(rows.map((r) => r.status)).toEqual([1, -2, 1, -2, 1]);
    const [two, four] = [rows[1]?.id_transaksi as string, rows[3]?.id_transaksi as string];
    expect(await holdOf(two)).toMatchObject({ state: 'APPROVAL', status: 'WAITING' });
    const group = await partner.get('/transaction/disbursement_group', { group_id: groupId });
    expect(group.data.status).toBe('RUNNING');

    // The holds page and the group's detail page show them.
    const holds = await finance.get('/beneficiaries/holds');
    const held = holds.data.items.filter((i: any) => [two, four].includes(i.reference));
    expect(held.map((h: any) => h.found_name).sort()).toEqual(['ORANG LAIN', 'PEMILIK BARU']);
    const detail = await partner.get('/data/disbursement_detail', {
      key: '0',
      value: String(groupId),
      date: wibDate(t.clock.now),
    });
    expect(detail.rc, detail.rd).toBe('00');
    const checks = new Map(detail.data.data.map((r: any) => [r.id_transaksi, r.name_check]));
    expect([checks.get(two), checks.get(four), checks.get(rows[0]?.id_transaksi)]).toEqual([
      'WAITING',
      'WAITING',
      null,
    ]);

    // Staff lacks the override right; finance releases one and rejects the other.
    const ids = [(await holdOf(two)).id, (await holdOf(four)).id];
    expect((await staff.post('/beneficiaries/holds/release', { ids, pin: PIN })).rc).toBe('403');
    // One PIN entry for a batch; each id answers its own outcome (a repeated id counts once).
    const released = await finance.post('/beneficiaries/holds/release', {
      ids: [ids[0], ids[0], 999_999],
      pin: PIN,
    });
    expect(released.data).toEqual({
      results: [
        { id: ids[0], outcome: 'released' },
        { id: 999_999, outcome: 'not_found' },
      ],
      done: 1,
    });
    const rejected = await finance.post('/beneficiaries/holds/reject', {
      ids: [ids[1]],
      pin: PIN,
      reason: 'bukan karyawan',
    });
    expect(rejected.data.results).toEqual([{ id: ids[1], outcome: 'rejected' }]);
    for (let pass = 0; pass < 5; pass++) await runBulk(t.services);
    const after = await rowsOf(groupId);
    expect(after.map((r) => r.status)).toEqual([1, 1, 1, 2, 1]);
    expect(after[3]?.refunded_at).not.toBeNull();
    expect(
      (await partner.get('/transaction/disbursement_group', { group_id: groupId })).data.status,
    ).toBe('DONE');
    // Four rows paid; the rejected row's amount and fee are back.
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 4 * (10_000 + FEE));
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  async function userId(username: string) {
    const row = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Flags a user "no balance" (balance_view READ denied) or clears the flag. */
  async function noBalance(username: string, on: boolean) {
    const id = await userId(username);
    if (on) {
      await t.services.db
        .insertInto('user_module_denials')
        .values({ user_id: id, module_id: 133, action: 'READ' })
        .execute();
      return;
    }
    await t.services.db
      .deleteFrom('user_module_denials')
      .where('user_id', '=', id)
      .where('module_id', '=', 133)
      .execute();
  }

  /** A bulk save of two rows that together exceed the balance: the refusal's rd. */
  async function tooBigGroup(c: TestClient, row: number) {
    const checked = await checkedRows(c, csvOf(2, [], row));
    const res = await c.post('/transaction/cashout_save', {
      saved_data: checked.saved,
      pin: PIN,
      group_name: 'Terlalu besar',
      group_desc: 'Gaji',
      token: checked.token.checksum,
      uuid_user: checked.token.uuid_user,
    });
    expect(res.rc).not.toBe('00');
    return res.rd as string;
  }

  it('refused for balance: a user flagged "no balance" is not told the balance, others are', async () => {
    const balance = await ledgerBalance(t, PARTNER);
    const figure = formatRupiah(balance);
    // A sub-user's bulk save: finance sees the balance, staff flagged "no balance" does not.
    await noBalance(STAFF, true);
    const blind = await t.loginAs(STAFF, { lang: 'id' });
    const seeing = await t.loginAs(FINANCE, { lang: 'id' });
    const row = Math.ceil(balance / 2);
    const total = formatRupiah(2 * (row + FEE));
    expect(await tooBigGroup(seeing, row)).toBe(
      `Saldo Anda ${figure} tidak mencukupi total grup ${total}: tidak ada yang dikirim`,
    );
    expect(await tooBigGroup(blind, row)).toBe(
      `Saldo tidak mencukupi total grup ${total}: tidak ada yang dikirim`,
    );
    await noBalance(STAFF, false);

    // The withdraw inquiry (a main user's page): the server's rule is the flag, whoever holds it.
    const nominal = balance + 1_000_000;
    const tooMuch = bankInquiry({ number: '5550009999', nominal: nominal.toLocaleString('id-ID') });
    const told = await partner.post('/transaction/cashout_inquiry', tooMuch);
    expect(told.rd).toContain(figure.replace('Rp ', ''));
    await noBalance(PARTNER, true);
    const hidden = await t.loginAs(PARTNER, { lang: 'id' });
    const refused = await hidden.post('/transaction/cashout_inquiry', tooMuch);
    await noBalance(PARTNER, false);
    expect(refused.rc).toBe(told.rc);
    expect(refused.rd).toBe(
      `Saldo tidak mencukupi untuk nominal ditambah biaya admin (${formatRupiah(nominal + FEE)}).`,
    );
  });

  /** A withdrawal to a saved beneficiary whose account was renamed: held; its reference. */
  async function heldPayout(number: string, nominal: number) {
    const saved = await save(number, `Vendor ${number}`);
    await rename(number, `Nama Baru ${number.slice(-2)}`);
    const paid = await prepare(
      partner,
      bankInquiry({
        number,
        nominal: nominal.toLocaleString('id-ID'),
        beneficiary_id: saved.id,
      }),
    );
    const res = await partner.post('/transaction/cashout_payment', paid.payment);
    expect(res.rc, res.rd).toBe('00');
    const reference = paid.inquiry.idtransaksi as string;
    expect((await holdOf(reference)).status).toBe('WAITING');
    return reference;
  }

  it('a hold nobody decides expires once after the policy expiry, racing an override: money back, maker mailed', async () => {
    const before = await ledgerBalance(t, PARTNER);
    const reference = await heldPayout('5550007711', 40_000);
    const hold = await holdOf(reference);
    expect(
      new Date(hold.expires_at as Date).getTime() - new Date(hold.created_at as Date).getTime(),
    ).toBe(24 * HOUR);
    expect(await expireNameHolds(t.services)).toEqual({ expired: 0 });
    t.clock.advance(24 * HOUR + 1_000);
    finance = await t.loginAs(FINANCE, { lang: 'en' });
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    const [a, b, override] = await Promise.all([
      expireNameHolds(t.services),
      expireNameHolds(t.services),
      finance.post('/beneficiaries/holds/release', { ids: [hold.id], pin: PIN }),
    ]);
    expect(a.expired + b.expired).toBe(1);
    expect(override.data.results).toEqual([{ id: hold.id, outcome: 'expired' }]);
    expect(await holdOf(reference)).toMatchObject({
      status: 'EXPIRED',
      status_trx: 'FAILED',
      response_code: 'NAME_MISMATCH_EXPIRED',
    });
    expect(await ledgerBalance(t, PARTNER)).toBe(before);
    expect(await expireNameHolds(t.services)).toEqual({ expired: 0 });
    const mail = await t.services.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'body_text'])
      .where('kind', '=', 'name_mismatch_expired')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to_address).toBe(PARTNER);
    expect(mail[0]?.body_text).toContain(reference);
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', reference)
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toContain('name_mismatch_expire');
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  it('the expiry follows the approval policy, where approvals take theirs', async () => {
    expect((await partner.post('/approvals/policy', { ...NO_APPROVAL, expiry_hours: 2 })).rc).toBe(
      '00',
    );
    const reference = await heldPayout('5550007722', 30_000);
    const hold = await holdOf(reference);
    expect(
      new Date(hold.expires_at as Date).getTime() - new Date(hold.created_at as Date).getTime(),
    ).toBe(2 * HOUR);
    const list = await finance.get('/beneficiaries/holds');
    expect(list.data.items.find((i: any) => i.reference === reference).expires_at).toMatch(
      /\d{2}:\d{2}/,
    );
  });
});
