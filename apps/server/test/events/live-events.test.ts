import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { openSse, type SseClient } from '../helpers/sse';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { newReference, PARTNER, TUESDAY_10_WIB } from '../payins/factory';

/**
 * Live events (ADR 017). On PostgreSQL two apps share one database, as two
 * server processes do: a payment made through app A reaches the streams of app B (the events
 * table, read by B's poll). On PGlite (one process) both roles are the same app.
 */
describe.each(testDatabases())('live events on %s', (kind) => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  let partnerA: TestClient;
  const open: SseClient[] = [];

  beforeAll(async () => {
    a = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    b =
      kind === 'postgres'
        ? await createTestApp(kind, {
            clockAt: TUESDAY_10_WIB,
            database: { url: a.services.config.databaseUrl ?? '' },
          })
        : a;
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/api`;
    partnerA = await a.loginAs(PARTNER, { lang: 'en' });
  }, 120_000);
  afterAll(async () => {
    for (const s of open) s.close();
    // The second app first: it uses the first one's database, which `a.close()` drops.
    if (b !== a) await b?.close();
    await a?.close();
  });

  async function streamAs(username: string, lastEventId?: string) {
    const c = await b.loginAs(username, { lang: 'en' });
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const s = await openSse(`${baseB}/events`, {
      cookie,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    });
    open.push(s);
    return s;
  }

  /** A pay link with a VA issued to a payer: what the simulator pays. */
  async function payLinkInstrument() {
    const link = await partnerA.post('/data/request_payment', {
      username: PARTNER,
      paymentName: 'Iuran',
      expiredDate: '2026-11-30',
      paymentLimit: 1,
      amount: 75_000,
      paymentDesc: 'Iuran bulanan',
      recaptcha: '',
    });
    expect(link.rc, link.rd).toBe('00');
    const va = await a.client({ ip: '10.9.8.7' }).post('/public/generated_va', {
      id_payment: link.data.paymentSecret,
      code_bank: '014',
      email: `payer${newReference('')}@example.com`,
      name: 'Andi',
      notelp: '081234567890',
    });
    expect(va.rc, va.rd).toBe('00');
    return { secret: link.data.paymentSecret as string, va: va.data };
  }

  async function pay(vaNumber: string) {
    const paid = await a.client().post('/dev/simulator/pay', {
      channel: 'va',
      number: vaNumber,
      amount: 75_000,
      reference: newReference('LIVE'),
    });
    expect(paid.rc, paid.rd).toBe('00');
    return paid.data.id_transaksi as string;
  }

  it('a payment through one process reaches the owner on the other, and nobody else', async () => {
    const partner = await streamAs(PARTNER);
    const stranger = await streamAs('fresh@demo.id');
    expect(partner.status).toBe(200);
    const { secret, va } = await payLinkInstrument();
    const payer = await openSse(
      `${baseB}/public/payment_events?paymentSecret=${secret}&customerReff=${va.customerReff}`,
    );
    open.push(payer);
    const idTransaksi = await pay(va.vaNumber);

    const txn = await partner.next(
      (f) => f.event === 'transaction' && JSON.stringify(f.data).includes(idTransaksi),
    );
    expect(txn.data.payload.rows[0]).toMatchObject({ id_transaksi: idTransaksi });
    const balance = await partner.next((f) => f.event === 'balance');
    expect(balance.data.payload).toHaveProperty('hold_balance');
    const paid = await payer.next((f) => f.event === 'pay');
    expect(paid.data.payload).toMatchObject({ is_paid: 1 });
    // The payer's stream carries its instrument only; the other agent's stream nothing at all.
    expect(payer.frames.every((f) => f.event === 'pay')).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(stranger.frames).toEqual([]);
  });

  it('a reconnect with Last-Event-ID receives what happened while it was away', async () => {
    const first = await streamAs(PARTNER);
    const seenPaid = await pay((await payLinkInstrument()).va.vaNumber);
    const { va } = await payLinkInstrument();
    await first.next((f) => f.event === 'transaction' && JSON.stringify(f.data).includes(seenPaid));
    const seen = first.lastId();
    expect(seen).not.toBeNull();
    first.close();

    const missed = await pay(va.vaNumber);
    const again = await streamAs(PARTNER, seen ?? '');
    const txn = await again.next(
      (f) => f.event === 'transaction' && JSON.stringify(f.data).includes(missed),
    );
    expect(Number(txn.id)).toBeGreaterThan(Number(seen));
    // Another agent replaying from the same position gets none of it.
    const stranger = await streamAs('fresh@demo.id', seen ?? '');
    await new Promise((r) => setTimeout(r, 300));
    expect(stranger.frames).toEqual([]);
  });

  it('no events trigger notifies at commit (one database-wide lock for every writer)', async () => {
    const functions = await sql<{ name: string; notifies: boolean }>`
      select p.proname as name, position('pg_notify' in pg_get_functiondef(p.oid)) > 0 as notifies
      from pg_proc p where p.proname like 'gerbang\\_events\\_%'`.execute(a.services.db);
    expect(functions.rows.length).toBeGreaterThan(5);
    expect(functions.rows.filter((f) => f.notifies).map((f) => f.name)).toEqual([]);
  });
});
