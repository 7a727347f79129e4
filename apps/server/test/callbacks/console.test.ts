import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLowBalanceOnce } from '../../src/modules/alerts/low-balance';
import { runCallbacksOnce } from '../../src/modules/callbacks/deliver';
import { runCallbackHealthOnce } from '../../src/modules/callbacks/health';
import { queueCallback } from '../../src/modules/callbacks/queue';
import { encryptSecret } from '../../src/modules/credentials/signing';
import { payoutAccounts } from '../../src/modules/payouts/accounts';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { consoleLogin } from '../signup/helpers';
import { registerPartner, snapClient } from '../snap/partner';
import { startReceiver } from './receiver';

const KEY = 'console-test-signature-key-0123456789';
const HOUR = 3_600_000;

/** The signature as docs/api.md defines it, written here independently of sign.ts. */
const signatureOf = (timestamp: string, body: string) =>
  createHmac('sha512', KEY).update(`${timestamp}.${body}`).digest('hex');

describe.each(testDatabases())('webhook console and alerts on %s', (kind) => {
  let t: TestApp;
  let db: Kysely<any>;
  let partner: TestClient;
  let agentId: number;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const fast = { timeoutMs: 5_000, idlePollMs: 20 };

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.services.db as Kysely<any>;
    receiver = await startReceiver();
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const agent = await db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    agentId = Number(agent.id);
    const now = t.clock.now;
    for (let idinfo = 1; idinfo <= 10; idinfo++) {
      await db
        .insertInto('callback_urls')
        .values({
          agent_id: agentId,
          environment: 'production',
          idinfo,
          type_info: `T${idinfo}`,
          type_value: receiver.url('/hook'),
          updated_at: now,
        })
        .onConflict((oc: any) =>
          oc
            .columns(['agent_id', 'environment', 'idinfo'])
            .doUpdateSet({ type_value: receiver.url('/hook') }),
        )
        .execute();
    }
    const signing = { is_using_signature: true, signature_key_enc: encryptSecret(db, KEY) };
    await db
      .insertInto('agent_credentials')
      .values({ agent_id: agentId, environment: 'production', ...signing, updated_at: now })
      .onConflict((oc: any) => oc.columns(['agent_id', 'environment']).doUpdateSet(signing))
      .execute();
    // The demo history's rows are not what these tests watch.
    await db.updateTable('callbacks').set({ status_sent: 1, next_attempt_at: null }).execute();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('sends a test event signed like a real one and marked as a test; refuses an unknown type', async () => {
    const res = await partner.post('/data/callback_test', { event: 'DISBURSEMENT' });
    expect(res.rc).toBe('00');
    expect(res.data.id_transaksi).toMatch(/^TEST-/);
    await runCallbacksOnce(t.services, fast);
    const got = receiver.received.find((r) => r.body.includes(res.data.id_transaksi));
    expect(got?.headers['x-callback-test']).toBe('true');
    expect(got?.headers['x-callback-event-id']).toBe(res.data.event_id);
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({ type: 'DISBURSEMENT', test: true });
    const ts = String(got?.headers['x-callback-timestamp']);
    expect(got?.headers['x-signature']).toBe(signatureOf(ts, got?.body ?? ''));

    const bad = await partner.post('/data/callback_test', { event: 'NOPE' });
    expect(bad.rc).not.toBe('00');
    expect(bad.rd).toBe('Choose an event type from the list.');
  });

  it('bulk resend queues each failed row of the window once, even when asked twice at once; the undelivered list pages through them', async () => {
    const from = new Date(t.clock.now.getTime() - 1_000).toISOString();
    const ids: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i++) {
        const id = `CBR-${i}`;
        ids.push(id);
        await queueCallback(trx as never, t.clock.now, {
          agentId,
          environment: 'production',
          idTransaksi: id,
          type: 'disbursement',
          timeRequest: t.clock.now,
          body: { id_transaksi: id },
        });
      }
    });
    await db
      .updateTable('callbacks')
      .set({ status_sent: 2, next_attempt_at: null, attempts: 11 })
      .where('id_transaksi', 'in', ids)
      .execute();
    t.clock.advance(1_000);
    const to = new Date(t.clock.now.getTime() + 1_000).toISOString();

    const first = await partner.get('/data/callback_undelivered', {
      from,
      to,
      status: 'failed',
      limit: 3,
    });
    expect(first.rc).toBe('00');
    expect(first.data.data.map((r: any) => r.id_transaksi)).toEqual(ids.slice(0, 3));
    const second = await partner.get('/data/callback_undelivered', {
      from,
      to,
      status: 'failed',
      limit: 3,
      cursor: first.data.next_cursor,
    });
    expect(second.data.data.map((r: any) => r.id_transaksi)).toEqual(ids.slice(3));
    expect(second.data.next_cursor).toBeNull();

    const body = { from, to, status: ['failed'] };
    const [a, b] = await Promise.all([
      partner.post('/data/callback_resend', body),
      partner.post('/data/callback_resend', body),
    ]);
    expect(a.rc).toBe('00');
    expect(b.rc).toBe('00');
    expect(a.data.queued + b.data.queued).toBe(5);
    const again = await partner.post('/data/callback_resend', body);
    expect(again.data.queued).toBe(0);
    await runCallbacksOnce(t.services, fast);
    for (const id of ids) {
      expect(receiver.received.filter((r) => r.body.includes(`"${id}"`))).toHaveLength(1);
    }
    const left = await partner.get('/data/callback_undelivered', { from, to });
    expect(left.data.data).toEqual([]);

    const wrong = await partner.post('/data/callback_resend', { ...body, to: from, from: to });
    expect(wrong.rd).toBe('The end of the window must be after its start.');
  });

  it('the low-balance alert mails once per crossing under parallel postings, and re-arms above', async () => {
    const { balance } = await t.services.balances.read(agentId, 'production');
    const set = await partner.post('/settings/low_balance', {
      threshold: balance - 25_000,
      send_callback: true,
    });
    expect(set.rc).toBe('00');
    expect(set.data).toMatchObject({ threshold: balance - 25_000, armed: true });
    const accounts = await payoutAccounts(
      t.services.ledger,
      {
        agentId,
        environment: 'production',
      },
      'TEST',
    );
    const spend = (id: string, amount: number, back = false) =>
      t.services.ledger.createTransfer({
        id,
        debitAccountId: back ? accounts.fees : accounts.merchant,
        creditAccountId: back ? accounts.merchant : accounts.fees,
        amount,
        kind: 'test_spend',
      });
    // Eight postings of 10,000 and alert passes all at once: the balance crosses once.
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => spend(`LB-${i}`, 10_000)),
      ...Array.from({ length: 3 }, () => runLowBalanceOnce(t.services)),
    ]);
    await Promise.all(Array.from({ length: 4 }, () => runLowBalanceOnce(t.services)));
    const mails = () =>
      db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'alert_low_balance').execute();
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0].body_text).toContain('Rp');
    const callbacks = await db
      .selectFrom('callbacks')
      .select('request_raw')
      .where('type_callback', '=', 'low_balance')
      .execute();
    expect(callbacks).toHaveLength(1);

    // Back above: re-armed; below again: one more mail.
    await spend('LB-back', 100_000, true);
    expect((await runLowBalanceOnce(t.services)).rearmed).toBe(1);
    await spend('LB-again', 100_000);
    await Promise.all([runLowBalanceOnce(t.services), runLowBalanceOnce(t.services)]);
    expect(await mails()).toHaveLength(2);

    // Console staff see the alerts raised across merchants.
    const ops = await consoleLogin(t);
    const list = await ops.get('/console/alerts');
    expect(list.rc).toBe('00');
    expect(list.data.filter((a: any) => a.kind === 'low_balance')).toHaveLength(2);
    expect(list.data[0]).toMatchObject({ username: 'partner@demo.id', environment: 'production' });
  });

  it('the daily health mail goes once per agent per day when deliveries failed', async () => {
    receiver.setBehaviour(() => ({ status: 500, body: 'down' }));
    await partner.post('/data/callback_test', { event: 'TOPUP' });
    await runCallbacksOnce(t.services, fast);
    const sent = await Promise.all([
      runCallbackHealthOnce(t.services, true),
      runCallbackHealthOnce(t.services, true),
    ]);
    expect(sent[0] + sent[1]).toBe(1);
    // Later the same WIB day (an hour, or less when the test runs just before midnight WIB).
    const wibDayMs = 86_400_000;
    const untilMidnight = wibDayMs - ((t.clock.now.getTime() + 7 * HOUR) % wibDayMs);
    t.clock.advance(Math.min(HOUR, untilMidnight - 1_000));
    expect(await runCallbackHealthOnce(t.services, true)).toBe(0);
    const mails = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'callback_health')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe('partner@demo.id');
  });

  it('the SNAP variant lists the key owner’s undelivered callbacks only, by page', async () => {
    const other = await db
      .selectFrom('agents')
      .select('id')
      .where('username', '<>', 'partner@demo.id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      for (const [owner, id] of [
        [agentId, 'SNAPCU-MINE'],
        [Number(other.id), 'SNAPCU-OTHER'],
      ] as const) {
        await queueCallback(trx as never, t.clock.now, {
          agentId: owner,
          environment: 'production',
          idTransaksi: id,
          type: 'disbursement',
          timeRequest: t.clock.now,
          body: { id_transaksi: id },
        });
      }
    });
    await db
      .updateTable('callbacks')
      .set({ status_sent: 2, next_attempt_at: null })
      .where('id_transaksi', 'like', 'SNAPCU-%')
      .execute();
    const snap = snapClient(t, await registerPartner(t, partner, { ips: '127.0.0.1' }));
    const token = await snap.token();
    const res = await snap.call(
      '/snap/v1.0/callback/undelivered',
      { status: 'failed', limit: 200 },
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.responseCode).toBe('2009000');
    const ids = res.body.events.map((e: any) => e.idTransaksi);
    expect(ids).toContain('SNAPCU-MINE');
    expect(ids).not.toContain('SNAPCU-OTHER');
    const mine = res.body.events.find((e: any) => e.idTransaksi === 'SNAPCU-MINE');
    expect(JSON.parse(mine.body)).toMatchObject({ id_transaksi: 'SNAPCU-MINE' });
  });
});
