import { availableOf, checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueStep, runOnce, sendStep } from '../../src/modules/bulk-transfer/runner';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { PARTNER, TUESDAY_10_WIB } from '../payins/factory';
import { fundAgent, ledgerBalance } from '../withdraw/factory';
import { checkedRows, csvOf, HEADER, PIN, upload } from './helpers';

const STAFF = 'staff@demo.id';
const FEE = 2_500;
/** The approval policy that replaced the page's on/off switch: any group, one approver. */
const NO_APPROVAL = {
  expiry_hours: 24,
  applies_to_api: false,
  tiers: { withdraw: [], bulk: [], remittance: [] },
};
const ONE_APPROVER = {
  ...NO_APPROVAL,
  tiers: { ...NO_APPROVAL.tiers, bulk: [{ up_to: null, approvers: 1 }] },
};

async function runUntilDone(t: TestApp, groupId: number) {
  for (let pass = 0; pass < 20; pass++) {
    await runOnce(t.services);
    const g = await t.services.db
      .selectFrom('disbursement_groups')
      .select('status')
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    if (g.status === 'DONE') return;
  }
  throw new Error('group did not finish');
}

async function rowsOf(t: TestApp, groupId: number) {
  return t.services.db
    .selectFrom('disbursement_details')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('row_no')
    .execute();
}

async function save(c: TestClient, checked: Awaited<ReturnType<typeof checkedRows>>, extra = {}) {
  return c.post('/transaction/cashout_save', {
    saved_data: checked.saved,
    pin: PIN,
    group_name: 'Gaji November',
    group_desc: 'Gaji karyawan',
    token: checked.token.checksum,
    uuid_user: checked.token.uuid_user,
    ...extra,
  });
}

async function bulkFunds(t: TestApp, username = PARTNER) {
  const agent = await t.services.db
    .selectFrom('agents')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const account = await t.services.ledger.findAccount({
    kind: 'merchant_bulk_funds',
    agentId: agent.id,
    environment: 'production',
  });
  return account ? availableOf(account) : 0;
}

describe.each(testDatabases())('bulk transfer on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    await fundAgent(t, PARTNER, 100_000_000);
    partner = await t.loginAs(PARTNER, { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every broken cell of a file at once, with counts and the rows to fix', async () => {
    const csv = [
      HEADER,
      '014,1234567890,,,10000,ok',
      '999,1234567890,,,10000,bank',
      '014,12AB,,,10000,account',
      '014,1234567890,,bukan-email,0,two cells',
      '014,1234567890,,,10000,ok',
      `014,1234567890,,,10000,${'n'.repeat(65)}`,
    ].join('\n');
    const res = await upload(partner, 'gaji.csv', `${csv}\n`);
    expect(res.status).toBe(400);
    expect(res.rd).toBe('4 rows have errors in 5 cells: fix or drop them, then check again');
    expect(res.data).toMatchObject({
      row: 3,
      column: 'bankCode',
      error_count: 5,
      bad_row_count: 4,
    });
    expect(res.data.errors).toEqual([
      {
        row: 3,
        column: 'bankCode',
        value: '999',
        message: 'Row 3, column bankCode: unknown bank code',
      },
      {
        row: 4,
        column: 'accountNumber',
        value: '12AB',
        message:
          'Row 4, column accountNumber: the account number may contain only digits and hyphens',
      },
      {
        row: 5,
        column: 'email',
        value: 'bukan-email',
        message: 'Row 5, column email: this is not a valid e-mail address',
      },
      {
        row: 5,
        column: 'nominal',
        value: '0',
        message:
          'Row 5, column nominal: the nominal must be a whole number greater than 0, at most 20 digits',
      },
      {
        row: 7,
        column: 'note',
        value: 'n'.repeat(65),
        message: 'Row 7, column note: the note may have at most 64 characters',
      },
    ]);
    // Every row as read, good ones included, with its line: the page fixes or drops them.
    expect(res.data.rows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(res.data.rows[2]).toEqual({
      line: 4,
      bankCode: '014',
      accountNumber: '12AB',
      phone: '',
      email: '',
      nominal: '10000',
      note: 'account',
    });

    const indo = await t.loginAs(PARTNER, { lang: 'id' });
    const id = await upload(indo, 'gaji.csv', `${csv}\n`);
    expect(id.rd).toBe(
      '4 baris berisi kesalahan di 5 sel: perbaiki atau hapus barisnya, lalu periksa lagi',
    );
    expect(id.data.errors[0].message).toBe('Baris 3, kolom bankCode: kode bank tidak dikenal');

    // 20,000 broken rows: one pass, all counted, the list bounded.
    const lines = [HEADER];
    for (let i = 0; i < 20_000; i++) lines.push(`999,12${i},,,10000,`);
    const many = await upload(partner, 'many.csv', `${lines.join('\n')}\n`);
    expect(many.rd).toBe(
      '20000 rows have errors in 20000 cells: fix or drop them, then check again',
    );
    expect(many.data).toMatchObject({ error_count: 20_000, bad_row_count: 20_000 });
    expect(many.data.errors).toHaveLength(1_000);
    expect(many.data.rows).toHaveLength(20_000);
  });

  it('reads a good CSV and names the row and column of a bad one, creating nothing', async () => {
    const good = await upload(partner, 'gaji.csv', csvOf(3));
    expect(good.rc, good.rd).toBe('00');
    expect(good.data.count).toBe(3);
    expect(good.data.rows[0]).toMatchObject({
      bankCode: '014',
      accountNumber: '1200000001',
      nominal: 10_000,
    });

    const cases: Array<[string, string, string]> = [
      [
        `${HEADER}\n014,1234567890,,,10000,\n999,1234567890,,,10000,\n`,
        'bankCode',
        'Row 3, column bankCode: unknown bank code',
      ],
      [
        `${HEADER}\n014,1234567890,,,50000001,\n`,
        'nominal',
        'Row 2, column nominal: the nominal is over the limit of Rp 50.000.000 per transaction',
      ],
      [
        `${HEADER}\n014,12AB,,,1000,\n`,
        'accountNumber',
        'Row 2, column accountNumber: the account number may contain only digits and hyphens',
      ],
      [
        `${HEADER}\n014,${'1'.repeat(65)},,,1000,\n`,
        'accountNumber',
        'Row 2, column accountNumber: the account number may have at most 64 characters',
      ],
      [
        `${HEADER}\n014,123456,${'1'.repeat(65)},,1000,\n`,
        'phone',
        'Row 2, column phone: the phone may have at most 64 digits',
      ],
      [
        `${HEADER}\n014,123456,0812abc,,1000,\n`,
        'phone',
        'Row 2, column phone: the phone may contain only digits, spaces and hyphens, with an optional + at the start',
      ],
      [
        `${HEADER}\n014,123456,,x@${'a'.repeat(60)}.com,1000,\n`,
        'email',
        'Row 2, column email: the e-mail may have at most 64 characters',
      ],
      [
        `${HEADER}\n014,123456,,bukan-email,1000,\n`,
        'email',
        'Row 2, column email: this is not a valid e-mail address',
      ],
      [
        `${HEADER}\n014,123456,,,${'1'.repeat(21)},\n`,
        'nominal',
        'Row 2, column nominal: the nominal must be a whole number greater than 0, at most 20 digits',
      ],
      [
        `${HEADER}\n014,123456,,,0,\n`,
        'nominal',
        'Row 2, column nominal: the nominal must be a whole number greater than 0, at most 20 digits',
      ],
      [
        `${HEADER}\n014,123456,,,1000,${'n'.repeat(65)}\n`,
        'note',
        'Row 2, column note: the note may have at most 64 characters',
      ],
      [
        'bank,acc\n014,1\n',
        'bankCode',
        'Row 1, column bankCode: the header must name the columns bankCode, accountNumber, phone, email, nominal, note',
      ],
    ];
    for (const [csv, column, rd] of cases) {
      const res = await upload(partner, 'x.csv', csv);
      expect(res.rc).toBe('400');
      expect(res.rd).toBe(rd);
      expect(res.data.column).toBe(column);
    }
    // Broken UTF-8 (a Latin-1 "é" on row 3) is refused with its row, never read as U+FFFD.
    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\n014,1234567890,,,10000,Gaji\n014,1234567891,,,10000,Caf`),
      Buffer.from([0xe9]),
      Buffer.from('\n'),
    ]);
    const broken = await upload(partner, 'x.csv', latin1);
    expect(broken.rc).toBe('400');
    expect(broken.rd).toBe(
      'Row 3: the file has characters that are not valid UTF-8 text. Save it as CSV UTF-8 and upload it again',
    );
    expect(broken.data).toEqual({ row: 3, column: 'file' });
    const indo = await t.loginAs(PARTNER, { lang: 'id' });
    const id = await upload(
      indo,
      'x.csv',
      `${HEADER}\n014,1234567890,,,10000,\n999,1234567890,,,10000,\n`,
    );
    expect(id.rd).toBe('Baris 3, kolom bankCode: kode bank tidak dikenal');

    expect((await upload(partner, 'x.txt', 'hello', 'text/plain')).rd).toBe(
      'Only CSV files can be uploaded',
    );
    const big = await upload(
      partner,
      'big.csv',
      `${HEADER}\n${'014,1234567890,,,1000,\n'.repeat(460_000)}`,
    );
    expect(big.status).toBe(413);
    expect(big.rd).toBe('The file is larger than 10,000,000 bytes');
    const many = await upload(partner, 'many.csv', csvOf(20_001));
    expect(many.rd).toBe('The file has more than 20,000 rows');
    const groups = await t.services.db
      .selectFrom('disbursement_groups')
      .select('id')
      .where('uuid', 'is not', null)
      .execute();
    expect(groups).toEqual([]);
  });

  it('checks the password once, and the batch and per-row inquiries agree', async () => {
    const wrong = await partner.post('/transaction/checksum', { password: 'salah-sekali' });
    expect(wrong.rc).not.toBe('00');
    expect((await partner.post('/transaction/checksum', {})).rd).toBe(
      'Input account password to continue',
    );

    const token = (await partner.post('/transaction/checksum', { password: DEMO_PASSWORD })).data;
    const batch = await partner.post('/transaction/cashout_inquiry_bulk', {
      token: token.checksum,
      uuid_user: token.uuid_user,
      rows: [
        { code: '014', number: '1234567890', nominal: 10000, note: 'a' },
        { code: '999', number: '1234567890', nominal: 10000 },
      ],
    });
    expect(batch.rc, batch.rd).toBe('00');
    const checked = { token, items: batch.data.items };
    expect(checked.items[1].rd).toBe('Row 2, column bankCode: unknown bank code');
    expect(checked.items[1]).toMatchObject({ status: 'error', column: 'bankCode' });
    const one = await partner.post('/transaction/cashout_inquiry', {
      code: '014',
      number: '1234567890',
      nominal: 10000,
      note: 'a',
      token: checked.token.checksum,
      uuid_user: checked.token.uuid_user,
      type_inq: 'bulk',
    });
    expect(one.rc, one.rd).toBe('00');
    const strip = ({ idtransaksi: _a, index: _c, status: _d, ...rest }: any) => rest;
    expect(strip(one.data)).toEqual(strip(checked.items[0]));
    expect(one.data).toMatchObject({
      nominalorigin: 10_000,
      nominaladmin: FEE,
      nominal: 10_000 + FEE,
      kodebanktujuan: '014',
    });
    const bad = await partner.post('/transaction/cashout_inquiry', {
      code: '999',
      number: '1234567890',
      nominal: 10000,
      token: checked.token.checksum,
      uuid_user: checked.token.uuid_user,
      type_inq: 'bulk',
    });
    expect(bad.rd).toBe('Row 1, column bankCode: unknown bank code');
    const forged = await partner.post('/transaction/cashout_inquiry', {
      code: '014',
      number: '1234567890',
      nominal: 10000,
      token: 'x'.repeat(64),
      uuid_user: checked.token.uuid_user,
      type_inq: 'bulk',
    });
    expect(forged.rd).toBe('The check has expired: enter your password and check again');
    // The standard inquiry still asks for the password.
    const standard = await partner.post('/transaction/cashout_inquiry', {
      code: '014',
      number: '1234567890',
      nominal: 10000,
    });
    expect(standard.rd).toBe('Enter account password');
  });

  it('asks for name, description and PIN in order, and refuses a wrong PIN or a changed row', async () => {
    const checked = await checkedRows(partner, csvOf(2));
    expect((await save(partner, checked, { group_name: '' })).rd).toBe('Please fill group name');
    expect((await save(partner, checked, { group_desc: '' })).rd).toBe(
      'Please fill group description',
    );
    expect((await save(partner, checked, { pin: '' })).rd).toBe(
      'Please input your transaction PIN',
    );
    const wrongPin = await save(partner, checked, { pin: '000000' });
    expect(wrongPin.rc).not.toBe('00');
    // A row another Check answered is not this Check's: refused, named by its place.
    const other = await checkedRows(partner, csvOf(1));
    const changed = [checked.saved[0], other.saved[0]];
    expect((await save(partner, checked, { saved_data: changed })).rd).toBe(
      'Row 2 was changed after the check: check again',
    );
  });

  it('holds the whole group in one operation, pays it out, and refunds failing rows', async () => {
    const before = await ledgerBalance(t, PARTNER);
    const checked = await checkedRows(partner, csvOf(10, [3, 7], 100_000));
    const [a, b] = await Promise.all([save(partner, checked), save(partner, checked)]);
    const saved = [a, b].filter((r) => r.rc === '00');
    expect(saved).toHaveLength(1);
    const group = saved[0]!.data;
    expect(group).toMatchObject({
      status: 'RUNNING',
      detail_count: 10,
      subtotal: 1_000_000,
      admin_fee: 10 * FEE,
      total_amount: 1_000_000 + 10 * FEE,
    });
    expect(await ledgerBalance(t, PARTNER)).toBe(before - group.total_amount);
    expect(await bulkFunds(t)).toBe(group.total_amount);
    expect((await rowsOf(t, group.group_id)).every((r) => r.status === -1)).toBe(true);

    await runUntilDone(t, group.group_id);
    const rows = await rowsOf(t, group.group_id);
    expect(rows.map((r) => r.status)).toEqual([1, 1, 2, 1, 1, 1, 2, 1, 1, 1]);
    expect(rows.filter((r) => r.refunded_at).map((r) => r.row_no)).toEqual([3, 7]);
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 8 * (100_000 + FEE));
    expect(await bulkFunds(t)).toBe(0);
    const trx = await t.services.db
      .selectFrom('transactions')
      .select(['status_trx', 'nominal_origin', 'nominal_admin'])
      .where('invoicenumberext', '=', `BULK${group.group_id}`)
      .execute();
    expect(trx).toHaveLength(10);
    expect(trx.filter((r) => r.status_trx === 'FAILED')).toHaveLength(2);
    const callbacks = await t.services.db
      .selectFrom('callbacks')
      .select('id_transaksi')
      .where(
        'id_transaksi',
        'in',
        rows.map((r) => r.id_transaksi as string),
      )
      .execute();
    expect(callbacks).toHaveLength(10);
    const summary = await partner.get('/transaction/disbursement_group', {
      group_id: group.group_id,
    });
    expect(summary.data).toMatchObject({ status: 'DONE', counts: { '1': 8, '2': 2 } });
    // The groups page says where each group stands.
    const listed = await partner.get('/data/disbursement');
    expect(listed.data.data.find((r: { id: number }) => r.id === group.group_id)).toMatchObject({
      status: 'DONE',
    });
    expect((await save(partner, checked)).rd).toBe('These rows were already saved');
  });

  it('refuses the whole group when the balance does not cover it', async () => {
    const poor = await t.loginAs('h2h@demo.id', { lang: 'en' });
    const checked = await checkedRows(poor, csvOf(2, [], 40_000_000));
    const before = await t.services.db.selectFrom('disbursement_groups').select('id').execute();
    const res = await save(poor, checked);
    expect(res.rc).not.toBe('00');
    expect(res.rd).toMatch(
      /does not cover the group's total of Rp\.? ?80\.005\.000: nothing was sent/,
    );
    const after = await t.services.db.selectFrom('disbursement_groups').select('id').execute();
    expect(after.length).toBe(before.length);
    // The payout that would fail for balance raises an alert and mails the agent.
    const alerts = await t.services.db
      .selectFrom('alerts')
      .select('detail')
      .where('kind', '=', 'bulk_short')
      .execute();
    expect(alerts).toHaveLength(1);
    expect(JSON.parse(alerts[0]?.detail ?? '{}').total).toMatch(/80\.005\.000/);
    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('kind', '=', 'alert_bulk_short')
      .execute();
    expect(mails.map((m) => m.to_address)).toEqual(['h2h@demo.id']);
  });

  it('refuses to save when bank transfers were disrupted after the Check, creating nothing', async () => {
    const checked = await checkedRows(partner, csvOf(2));
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', PARTNER)
      .executeTakeFirstOrThrow();
    const disrupt = (on: boolean) =>
      t.services.db
        .updateTable('product_pricing')
        .set({ is_gangguan: on })
        .where('agent_id', '=', agent.id)
        .where('kode_produk', '=', 'TRANSFERBANK')
        .executeTakeFirst();
    const updated = await disrupt(true);
    expect(Number(updated.numUpdatedRows)).toBe(1);
    const before = await t.services.db.selectFrom('disbursement_groups').select('id').execute();
    try {
      const res = await save(partner, checked);
      expect(res.rc).not.toBe('00');
      expect(res.rd).toBe('Bank transfers are disrupted at the moment');
    } finally {
      await disrupt(false);
    }
    const after = await t.services.db.selectFrom('disbursement_groups').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('maker–checker: a waiting group is approved by another person, never by its maker', async () => {
    const rule = await partner.post('/approvals/policy', ONE_APPROVER);
    expect(rule.rc, rule.rd).toBe('00');
    const staff = await t.loginAs(STAFF, { lang: 'en' });
    const before = await ledgerBalance(t, PARTNER);
    const checked = await checkedRows(partner, csvOf(3, [2]));
    const saved = await save(partner, checked);
    expect(saved.data.status).toBe('WAITING_APPROVAL');
    // The group's money is held at the save, while it waits.
    expect(await ledgerBalance(t, PARTNER)).toBe(before - (30_000 + 3 * FEE));
    const waiting = await staff.get('/transaction/disbursement_waiting');
    expect(waiting.data.groups.map((g: any) => g.id)).toContain(saved.data.group_id);

    const own = await partner.post('/transaction/disbursement_approve', {
      group_id: saved.data.group_id,
      pin: PIN,
    });
    expect(own.rd).toBe('You cannot approve or reject a group you created');
    const wrongPin = await staff.post('/transaction/disbursement_approve', {
      group_id: saved.data.group_id,
      pin: '999999',
    });
    expect(wrongPin.rc).not.toBe('00');
    const [x, y] = await Promise.all([
      staff.post('/transaction/disbursement_approve', { group_id: saved.data.group_id, pin: PIN }),
      staff.post('/transaction/disbursement_approve', { group_id: saved.data.group_id, pin: PIN }),
    ]);
    expect([x.rc, y.rc].filter((rc) => rc === '00')).toHaveLength(1);
    expect(await ledgerBalance(t, PARTNER)).toBe(before - (30_000 + 3 * FEE));
    await runUntilDone(t, saved.data.group_id);
    expect(await ledgerBalance(t, PARTNER)).toBe(before - 2 * (10_000 + FEE));
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select(['action', 'username'])
      .where('target', 'in', [String(saved.data.group_id), `BULK${saved.data.group_id}`])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['bulk_transfer_save', 'approval_release']);

    const second = await save(partner, await checkedRows(partner, csvOf(1)));
    const rejected = await staff.post('/transaction/disbursement_reject', {
      group_id: second.data.group_id,
      pin: PIN,
    });
    expect(rejected.rd).toBe('Group Gaji November rejected');
    expect(
      (
        await staff.post('/transaction/disbursement_approve', {
          group_id: second.data.group_id,
          pin: PIN,
        })
      ).rd,
    ).toBe('This group is no longer waiting for approval');
    await partner.post('/approvals/policy', NO_APPROVAL);
  });

  it('a sub-user whose APPROVE on disbursement is denied in the permission editor cannot decide', async () => {
    const ids = await t.services.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', 'in', [PARTNER, STAFF])
      .execute();
    const idOf = (name: string) => ids.find((u) => u.username === name)?.id;
    const change = { idModul: 114, access: 'APPROVE' };
    const denied = await partner.post('/data/modul_access_user', {
      id_user: idOf(PARTNER),
      id_user_updated: idOf(STAFF),
      added_not_allow_access: [change],
      delete_not_allow_access: [],
    });
    expect(denied.rc, denied.rd).toBe('00');
    await partner.post('/approvals/policy', ONE_APPROVER);
    const saved = await save(partner, await checkedRows(partner, csvOf(1)));
    expect(saved.data.status).toBe('WAITING_APPROVAL');
    const staff = await t.loginAs(STAFF, { lang: 'en' });
    const refused = await staff.post('/transaction/disbursement_approve', {
      group_id: saved.data.group_id,
      pin: PIN,
    });
    expect(refused.status).toBe(403);
    await partner.post('/data/modul_access_user', {
      id_user: idOf(PARTNER),
      id_user_updated: idOf(STAFF),
      added_not_allow_access: [],
      delete_not_allow_access: [change],
    });
    const approved = await staff.post('/transaction/disbursement_approve', {
      group_id: saved.data.group_id,
      pin: PIN,
    });
    expect(approved.rc, approved.rd).toBe('00');
    await partner.post('/approvals/policy', NO_APPROVAL);
    await runUntilDone(t, saved.data.group_id);
  });

  it('a crash in the middle neither loses nor repeats a row', async () => {
    const checked = await checkedRows(partner, csvOf(6, [5]));
    const saved = await save(partner, checked);
    const groupId = saved.data.group_id;
    // A crash inside the queue step: its transaction rolls back, the rows stay queued.
    const ledger = t.services.ledger;
    const original = ledger.createTransfers.bind(ledger);
    let crashed = false;
    ledger.createTransfers = (async (inputs: any, opts: any) => {
      if (!crashed && inputs.some((i: any) => String(i.id).startsWith(`bulk_group:${groupId}:`))) {
        crashed = true;
        throw new Error('process killed');
      }
      return original(inputs, opts);
    }) as typeof ledger.createTransfers;
    await expect(queueStep(t.services)).rejects.toThrow('process killed');
    ledger.createTransfers = original;
    expect((await rowsOf(t, groupId)).every((r) => r.status === -1)).toBe(true);
    // Queued, then the process dies before sending: a new pass picks up what is left.
    expect(await queueStep(t.services)).toBe(6);
    expect(await queueStep(t.services)).toBe(0);
    await sendStep(t.services);
    await runUntilDone(t, groupId);
    const rows = await rowsOf(t, groupId);
    expect(rows.map((r) => r.status)).toEqual([1, 1, 1, 1, 2, 1]);
    const submissions = await t.services.db
      .selectFrom('rail_submissions')
      .select(['source_id'])
      .where('source_kind', '=', 'bulk_transfer_row')
      .where(
        'source_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(submissions).toHaveLength(6);
  });

  it('a group the ledger refuses fails alone and gets its money back; other groups go on', async () => {
    const before = await ledgerBalance(t, PARTNER);
    const broken = (await save(partner, await checkedRows(partner, csvOf(3)))).data;
    const healthy = (await save(partner, await checkedRows(partner, csvOf(2, [], 20_000)))).data;
    expect(broken.status).toBe('RUNNING');
    expect(healthy.status).toBe('RUNNING');
    // A transfer already holding the id of the broken group's first row, with another amount:
    // the ledger refuses that row's hold, as it would for any corrupted or conflicting chain.
    const [clearing, fees] = await t.services.ledger.ensureAccounts([
      { kind: 'rail_clearing', subkey: '014', environment: 'production' },
      { kind: 'fee_revenue', environment: 'production' },
    ]);
    await t.services.ledger.createTransfers([
      {
        id: `bulk_group:${broken.group_id}:1:amount`,
        debitAccountId: clearing!.id,
        creditAccountId: fees!.id,
        amount: 1,
        kind: 'bulk_transfer',
        reference: 'conflict',
      },
    ]);
    await runUntilDone(t, healthy.group_id);
    await runUntilDone(t, broken.group_id);
    expect((await rowsOf(t, healthy.group_id)).map((r) => r.status)).toEqual([1, 1]);
    const failed = await rowsOf(t, broken.group_id);
    expect(failed.map((r) => r.status)).toEqual([2, 2, 2]);
    expect(failed.every((r) => r.refunded_at !== null && r.transaction_id !== null)).toBe(true);
    // Each failed row is told like a row the bank failed: a FAILED transaction and callback.
    const trx = await t.services.db
      .selectFrom('transactions')
      .select(['status_trx', 'response_code'])
      .where('invoicenumberext', '=', `BULK${broken.group_id}`)
      .execute();
    expect(trx).toEqual(
      Array.from({ length: 3 }, () => ({ status_trx: 'FAILED', response_code: 'LEDGER_REFUSED' })),
    );
    const callbacks = await t.services.db
      .selectFrom('callbacks')
      .select('id_transaksi')
      .where(
        'id_transaksi',
        'in',
        failed.map((r) => r.id_transaksi as string),
      )
      .execute();
    expect(callbacks).toHaveLength(3);
    // Only the healthy group's rows and fees left the balance; the bulk-funds account is empty.
    expect(await ledgerBalance(t, PARTNER)).toBe(before - healthy.total_amount);
    expect(await bulkFunds(t)).toBe(0);
  });

  it('keeps the ledger balanced', async () => {
    const report = await checkInvariants(t.services.db);
    expect(report.violations).toEqual([]);
  });
});
