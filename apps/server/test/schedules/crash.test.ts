import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedRows, csvOf, PIN } from '../bulk-transfer/helpers';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { bankInquiry, fundAgent, ledgerBalance } from '../withdraw/factory';

/**
 * The crash test of scheduled payouts: the schedules runner runs as a real child process
 * (crash-child.ts) and is killed with SIGKILL in the due minute — inside the transaction that
 * claims the occurrence and opens its payout, and after that transaction committed, before the
 * bank was called — then started again on the same database. Each occurrence (a withdrawal and
 * a bulk group) must be paid exactly once: one claim row, one payout, the balance down by exactly
 * its amount and fees, every ledger invariant holding. PostgreSQL only: a PGlite database
 * cannot be shared by two processes.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const CHILD = 'apps/server/test/schedules/crash-child.ts';
const PARTNER = 'partner@demo.id';
const wib = (local: string) => new Date(`${local}+07:00`);
const runOnPostgres = Boolean(process.env.DATABASE_URL);

interface ChildEnd {
  /** The crash point the child stopped at, or null when it ran to the end. */
  stoppedAt: string | null;
  result: any;
  output: string;
}

/** Runs the child; with `crashAt` it is killed with SIGKILL as soon as it reports the point. */
function runChild(url: string, clock: Date, crashAt?: 'open' | 'send'): Promise<ChildEnd> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        CRASH_CLOCK: clock.toISOString(),
        CRASH_AT: crashAt ?? '',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stoppedAt: string | null = null;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`crash child did not finish:\n${output.slice(-3000)}`));
    }, 120_000);
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      const point = /CRASH_POINT (\w+)/.exec(output);
      if (point && !stoppedAt) {
        stoppedAt = point[1] as string;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (crashAt && signal !== 'SIGKILL') {
        reject(new Error(`expected a SIGKILL at ${crashAt}, got ${code ?? signal}:\n${output}`));
        return;
      }
      const line = /RESULT (.*)/.exec(output);
      if (!crashAt && (code !== 0 || !line)) {
        reject(new Error(`crash child failed (${code ?? signal}):\n${output.slice(-3000)}`));
        return;
      }
      resolve({ stoppedAt, result: line ? JSON.parse(line[1] as string) : null, output });
    });
  });
}

describe.skipIf(!runOnPostgres)(
  'scheduled payouts across a SIGKILL in the due minute',
  { timeout: 300_000 },
  () => {
    let t: TestApp;
    let partner: TestClient;
    let url: string;

    beforeAll(async () => {
      t = await createTestApp('postgres', { clockAt: wib('2026-03-02T08:00') });
      url = t.services.config.databaseUrl as string;
      await fundAgent(t, PARTNER, 20_000_000);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A withdrawal and a bulk group of three rows, both due once at `time` WIB on `date`. */
    async function scheduleBoth(date: string, time: string) {
      partner = await t.loginAs(PARTNER, { lang: 'en' });
      const rule = { frequency: 'once', start_date: date, time };
      const inquiry = await partner.post(
        '/transaction/cashout_inquiry',
        bankInquiry({ nominal: '40.000' }),
      );
      expect(inquiry.rc, inquiry.rd).toBe('00');
      const single = await partner.post('/schedules', {
        reff_id: inquiry.data.idtransaksi,
        rule,
        pin: PIN,
      });
      expect(single.rc, single.rd).toBe('00');
      const checked = await checkedRows(partner, csvOf(3, [], 15_000));
      const bulk = await partner.post('/schedules/bulk', {
        token: checked.token.checksum,
        uuid_user: checked.token.uuid_user,
        pin: PIN,
        group_name: 'Honor',
        group_desc: 'honor harian',
        saved_data: checked.saved,
        rule,
      });
      expect(bulk.rc, bulk.rd).toBe('00');
      return [single.data.id as number, bulk.data.id as number];
    }

    async function runsOf(ids: number[]) {
      return t.services.db
        .selectFrom('schedule_runs')
        .selectAll()
        .where('schedule_id', 'in', ids)
        .orderBy('schedule_id')
        .execute();
    }

    /** What the two occurrences cost, read from what they made (payout row, bulk group). */
    async function paidOnce(ids: number[]) {
      const runs = await runsOf(ids);
      expect(runs).toHaveLength(2);
      const [single, bulk] = runs;
      const withdrawals = await t.services.db
        .selectFrom('transactions')
        .select(['status_trx', 'nominal_origin', 'nominal_admin'])
        .where('id_transaksi', '=', single!.reference as string)
        .execute();
      expect(withdrawals).toEqual([
        expect.objectContaining({ status_trx: 'SUCCESS', nominal_origin: 40_000 }),
      ]);
      const groups = await t.services.db
        .selectFrom('disbursement_groups')
        .selectAll()
        .where('id', '=', Number(bulk!.group_id))
        .execute();
      expect(groups).toHaveLength(1);
      expect(groups[0]).toMatchObject({ status: 'DONE', total_amount: 45_000 });
      const rows = await t.services.db
        .selectFrom('disbursement_details')
        .select('status')
        .where('group_id', '=', Number(bulk!.group_id))
        .execute();
      expect(rows.map((r) => r.status)).toEqual([1, 1, 1]);
      return (
        40_000 +
        Number(withdrawals[0]!.nominal_admin) +
        Number(groups[0]!.total_amount) +
        Number(groups[0]!.total_fee)
      );
    }

    it('killed inside the claiming transaction: nothing was claimed, the restart pays each once', async () => {
      const ids = await scheduleBoth('2026-03-02', '09:00');
      const before = await ledgerBalance(t, PARTNER);
      const killed = await runChild(url, wib('2026-03-02T09:00:05'), 'open');
      expect(killed.stoppedAt).toBe('open');
      // The claim and the payout were one transaction: the kill took both back.
      expect(await runsOf(ids)).toEqual([]);
      expect(await ledgerBalance(t, PARTNER)).toBe(before);
      const restarted = await runChild(url, wib('2026-03-02T09:00:40'));
      expect(restarted.result.report.claimed).toBe(2);
      const again = await runChild(url, wib('2026-03-02T09:01:10'));
      expect(again.result.report.claimed).toBe(0);
      const cost = await paidOnce(ids);
      expect(await ledgerBalance(t, PARTNER)).toBe(before - cost);
      expect((await checkInvariants(t.services.db)).violations).toEqual([]);
    });

    it('killed after the commit, before the bank was called: the restart sends each once, never claims again', async () => {
      const ids = await scheduleBoth('2026-03-02', '10:00');
      const before = await ledgerBalance(t, PARTNER);
      const killed = await runChild(url, wib('2026-03-02T10:00:05'), 'send');
      expect(killed.stoppedAt).toBe('send');
      const claimed = await runsOf(ids);
      expect(claimed.map((r) => r.status)).toEqual(['OPENED', 'OPENED']);
      // Held at the commit: the money is out of the balance once, before any bank call.
      expect(await ledgerBalance(t, PARTNER)).toBeLessThan(before);
      // Restarted after the dead process' lease on the payout ran out.
      const restarted = await runChild(url, wib('2026-03-02T10:02:30'));
      expect(restarted.result.report.claimed).toBe(0);
      const cost = await paidOnce(ids);
      expect((await runsOf(ids)).map((r) => r.status)).toEqual(['SUCCESS', 'OPENED']);
      expect(await ledgerBalance(t, PARTNER)).toBe(before - cost);
      expect((await checkInvariants(t.services.db)).violations).toEqual([]);
    });
  },
);
