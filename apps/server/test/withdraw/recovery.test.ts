import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRailSweep } from '../../src/modules/payouts/rail-work';
import { createRails, type RailsConfig } from '../../src/rails';
import { createPostgresDatabase, testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  advanceToWib,
  bankInquiry,
  expectConsistent,
  fundAgent,
  ledgerBalance,
  offsetToWib,
  prepare,
} from './factory';

/** One database that outlives an app: a PGlite directory or a PostgreSQL database. */
async function persistentDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') {
    const pg = await createPostgresDatabase('gerbang_restart');
    return { database: { url: pg.url }, drop: pg.drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gerbang-restart-'));
  return {
    database: { dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function transactionOf(t: TestApp, idTransaksi: string) {
  return t.services.db
    .selectFrom('transactions')
    .selectAll()
    .where('id_transaksi', '=', idTransaksi)
    .executeTakeFirstOrThrow();
}

async function resolutions(t: TestApp, idTransaksi: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await (t.services.db as Kysely<any>)
    .selectFrom('ledger_transfers')
    .select('id')
    .where('reference', '=', idTransaksi)
    .where('pending_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

describe.each(testDatabases())('withdraw recovery on %s', (kind) => {
  let store: Awaited<ReturnType<typeof persistentDatabase>>;
  const apps: TestApp[] = [];
  const start = offsetToWib(10, 0);
  beforeAll(async () => {
    store = await persistentDatabase(kind);
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await store?.drop();
  });

  async function boot(offsetMs: number, rails?: RailsConfig) {
    const t = await createTestApp(kind, {
      database: store.database,
      clockOffsetMs: offsetMs,
      rails,
    });
    apps.push(t);
    return t;
  }

  it('a restart during a slow bank transfer resolves it afterwards, exactly once', async () => {
    const first = await boot(start);
    await fundAgent(first, 'partner@demo.id', 5_000_000);
    const c1 = await first.loginAs('partner@demo.id', { lang: 'en' });
    const before = await ledgerBalance(first, 'partner@demo.id');
    const paid = await prepare(c1, bankInquiry({ number: '1234568888', nominal: 400_000 }));
    const res = await c1.post('/transaction/cashout_payment', paid.payment);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.status_trx).toBe('PROCESS');
    // The hold is in place: available dropped, nothing posted yet.
    expect(await ledgerBalance(first, 'partner@demo.id')).toBe(before - 402_500);
    expect(
      await first.services.ledger.getTransfer(`withdraw:${paid.inquiry.idtransaksi}:amount`),
    ).toMatchObject({ status: 'pending' });
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    // A new process on the same database, 61 s later (the slow bank takes 60 s).
    const second = await boot(start);
    second.clock.advance(61_000);
    const sweeps = await Promise.all([
      runRailSweep(second.services),
      runRailSweep(second.services),
    ]);
    expect(sweeps.reduce((sum, s) => sum + s.finished, 0)).toBe(1);
    const row = await transactionOf(second, paid.inquiry.idtransaksi);
    expect(row).toMatchObject({ status_trx: 'SUCCESS', is_void: 'Debited' });
    expect(await resolutions(second, paid.inquiry.idtransaksi)).toEqual([
      `withdraw:${paid.inquiry.idtransaksi}:amount:post`,
      `withdraw:${paid.inquiry.idtransaksi}:fee:post`,
    ]);
    expect(await runRailSweep(second.services)).toEqual({ claimed: 0, finished: 0 });
    expect(await ledgerBalance(second, 'partner@demo.id')).toBe(before - 402_500);
    const c2 = await second.loginAs('partner@demo.id', { lang: 'en' });
    await expectConsistent(second, c2);
  });

  it('a rail failure discovered after a restart voids the hold and returns the money', async () => {
    const slow = { simulator: { settleMs: 30_000 } };
    const first = await boot(start, slow);
    const c1 = await first.loginAs('partner@demo.id', { lang: 'en' });
    const before = await ledgerBalance(first, 'partner@demo.id');
    const paid = await prepare(c1, bankInquiry({ number: '1234569999', nominal: 123_000 }));
    const res = await c1.post('/transaction/cashout_payment', paid.payment);
    expect(res.data.status_trx).toBe('PROCESS');
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await boot(start, slow);
    second.clock.advance(31_000);
    const sweep = await runRailSweep(second.services);
    expect(sweep.finished).toBeGreaterThanOrEqual(1);
    const row = await transactionOf(second, paid.inquiry.idtransaksi);
    expect(row).toMatchObject({
      status_trx: 'FAILED',
      is_void: 'Refunded',
      response_code: 'REJECTED_BY_BANK',
    });
    expect(await resolutions(second, paid.inquiry.idtransaksi)).toEqual([
      `withdraw:${paid.inquiry.idtransaksi}:amount:void`,
      `withdraw:${paid.inquiry.idtransaksi}:fee:void`,
    ]);
    expect(await ledgerBalance(second, 'partner@demo.id')).toBe(before);
    await expectConsistent(second, await second.loginAs('partner@demo.id'));
  });

  it('a send that never reached the rail is sent by the sweep once the lease has run out', async () => {
    const simulated = createRails();
    const broken = {
      connectors: {
        bank: {
          inquiry: simulated.bank.inquiry,
          lookup: simulated.bank.lookup,
          status: simulated.bank.status,
          send: async () => {
            throw new Error('connection reset by the bank');
          },
        },
      },
    };
    const first = await boot(start, broken);
    const c1 = await first.loginAs('partner@demo.id', { lang: 'en' });
    const before = await ledgerBalance(first, 'partner@demo.id');
    const paid = await prepare(c1, bankInquiry({ nominal: 77_000 }));
    const res = await c1.post('/transaction/cashout_payment', paid.payment);
    expect(res.data.status_trx).toBe('PROCESS');
    const submission = await first.services.db
      .selectFrom('rail_submissions')
      .selectAll()
      .where('reference', '=', paid.inquiry.idtransaksi)
      .executeTakeFirstOrThrow();
    // The send's outcome is unknown (it may have reached the bank): the rail is asked before any resend.
    expect(submission.state).toBe('CHECK');
    expect(submission.last_error).toContain('connection reset');
    // As if the process died while it owned the row: a live lease keeps other workers away.
    await first.services.db
      .updateTable('rail_submissions')
      .set({
        claimed_until: new Date(first.clock.now.getTime() + 60_000),
        next_check_at: first.clock.now,
      })
      .where('id', '=', submission.id)
      .execute();
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    // The bank answers the lookup by our reference: it never got that transfer.
    const fresh = createRails();
    const second = await boot(start, {
      connectors: { bank: { ...fresh.bank, lookup: async () => ({ found: false }) } },
    });
    expect(await runRailSweep(second.services)).toEqual({ claimed: 0, finished: 0 });
    second.clock.advance(61_000);
    expect(await runRailSweep(second.services)).toEqual({ claimed: 1, finished: 1 });
    expect(await transactionOf(second, paid.inquiry.idtransaksi)).toMatchObject({
      status_trx: 'SUCCESS',
    });
    expect(await ledgerBalance(second, 'partner@demo.id')).toBe(before - 79_500);
    await expectConsistent(second, await second.loginAs('partner@demo.id'));
  });

  it('bank downtime 23:00–06:00 WIB: the transfer is queued and stays PROCESS until the morning', async () => {
    const t = await boot(start);
    advanceToWib(t, 23, 30);
    const c = await t.loginAs('partner@demo.id', { lang: 'en' });
    const before = await ledgerBalance(t, 'partner@demo.id');
    const paid = await prepare(c, bankInquiry({ nominal: 90_000 }));
    const res = await c.post('/transaction/cashout_payment', paid.payment);
    expect(res.data.status_trx).toBe('PROCESS');
    expect(res.data.keterangan).toBe(
      'Banks process transfers slower between 23:00 and 06:00 WIB; this one will be processed afterwards.',
    );
    t.clock.advance(60 * 60_000);
    await runRailSweep(t.services);
    const status = await c.get('/transaction/status', {
      checksum: paid.inquiry.checksum,
      reff_id: paid.inquiry.idtransaksi,
      uuid_user: paid.inquiry.uuid_user,
    });
    expect(status.data.status_trx).toBe('PROCESS');
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - 92_500);
    advanceToWib(t, 6, 1);
    await runRailSweep(t.services);
    expect(await transactionOf(t, paid.inquiry.idtransaksi)).toMatchObject({
      status_trx: 'SUCCESS',
    });
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - 92_500);
    // Hours later: the earlier session has gone idle, so log in again.
    await expectConsistent(t, await t.loginAs('partner@demo.id'));
  });
});
