import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkInvariants, isTransferOk, Ledger, ledgerMigration } from '@gerbang/ledger';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';

/**
 * The backup drill of docs/operations.md "Backups", run for real: a PostgreSQL cluster of its own
 * with WAL archiving, a base backup (`pg_basebackup`), money moved after it, then a point-in-time
 * recovery into a new data directory from the base backup and the archived WAL, stopped at a
 * chosen instant. Every transfer committed before that instant must be there, none after it, and
 * the ledger's invariants (= `npm run ledger:check`) must hold on the restored database.
 *
 * Needs PostgreSQL's server binaries (Debian's postgresql-15) and to run as root (the cluster runs
 * as the `postgres` user) — as CI does; skipped otherwise.
 */
const BIN = '/usr/lib/postgresql/15/bin';
const canRun =
  existsSync(`${BIN}/initdb`) && typeof process.getuid === 'function' && process.getuid() === 0;

const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', `${BIN}/${command}`, ...args], {
    stdio: 'pipe',
    timeout: 120_000,
  }).toString();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connect(port: number, database: string) {
  const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', database, max: 4 });
  pool.on('error', () => undefined);
  return new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
}

async function waitUntil(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!canRun)('backup and point-in-time recovery', () => {
  it('restores every transfer committed before the chosen instant, none after, ledger exact', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'gerbang-pitr-'));
    chmodSync(root, 0o755);
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const postgresGid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, postgresUid, postgresGid);
    const [data, archive, base, restored] = ['data', 'archive', 'base', 'restored'].map((d) =>
      path.join(root, d),
    ) as [string, string, string, string];
    execFileSync('runuser', ['-u', 'postgres', '--', 'mkdir', archive]);
    const port = await freePort();
    const restoredPort = await freePort();
    const started: string[] = [];
    try {
      asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
      const common = [
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${root}'`,
        'fsync = off',
        'wal_level = replica',
      ];
      writeFileSync(
        path.join(data, 'postgresql.auto.conf'),
        [
          ...common,
          `port = ${port}`,
          'archive_mode = on',
          `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
        ].join('\n'),
      );
      chownSync(path.join(data, 'postgresql.auto.conf'), postgresUid, postgresGid);
      asPostgres('pg_ctl', ['-D', data, '-l', path.join(root, 'primary.log'), '-w', 'start']);
      started.push(data);

      const admin = connect(port, 'postgres');
      await sql`create database gerbang`.execute(admin);
      await admin.destroy();
      const db = connect(port, 'gerbang');
      await ledgerMigration.up(db);
      const ledger = new Ledger(db);
      const accounts = await ledger.ensureAccounts([
        { kind: 'cash_in_clearing', environment: 'production', subkey: 'drill' },
        { kind: 'merchant_available', agentId: 1, environment: 'production' },
        { kind: 'merchant_available', agentId: 2, environment: 'production' },
      ]);
      const [clearing, first, second] = accounts.map((a) => a.id) as [number, number, number];
      const move = async (prefix: string, count: number) => {
        const results = await ledger.createTransfers(
          Array.from({ length: count }, (_, i) => ({
            id: `${prefix}-${i}`,
            debitAccountId: i % 3 === 0 ? first : clearing,
            creditAccountId: i % 3 === 0 ? second : first,
            amount: 1_000 + i,
            kind: 'drill',
          })),
        );
        expect(results.filter((r) => !isTransferOk(r))).toEqual([]);
      };
      // The merchant accounts may not go below zero: fund the first one from the clearing account.
      const funding = await ledger.createTransfer({
        id: 'drill-funding',
        debitAccountId: clearing,
        creditAccountId: first,
        amount: 100_000_000,
        kind: 'drill_funding',
      });
      expect(isTransferOk(funding)).toBe(true);
      await move('before-backup', 300);

      // The base backup, taken while the database is live.
      asPostgres('pg_basebackup', [
        '-h',
        root,
        '-p',
        String(port),
        '-D',
        base,
        '-X',
        'stream',
        '-c',
        'fast',
      ]);
      await move('after-backup', 300);
      // The instant to recover to: after the second batch committed, before the third.
      const target = (
        await sql<{
          at: string;
        }>`select to_char(clock_timestamp(), 'YYYY-MM-DD HH24:MI:SS.US TZH:TZM') as at`.execute(db)
      ).rows[0]!.at;
      await sleep(1_100);
      await move('after-target', 100);
      // Close the WAL segment so it is archived, and wait for the archiver.
      const segment = (
        await sql<{ name: string }>`select pg_walfile_name(pg_switch_wal()) as name`.execute(db)
      ).rows[0]!.name;
      await waitUntil(async () => existsSync(path.join(archive, segment)), 'the WAL archive');
      await db.destroy();
      // The primary is lost.
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      started.pop();

      // Restore: the base backup, the archive, and where to stop.
      execFileSync('runuser', ['-u', 'postgres', '--', 'cp', '-a', base, restored]);
      writeFileSync(
        path.join(restored, 'postgresql.auto.conf'),
        [
          ...common,
          `port = ${restoredPort}`,
          `restore_command = 'cp ${archive}/%f %p'`,
          `recovery_target_time = '${target}'`,
          `recovery_target_action = 'promote'`,
        ].join('\n'),
      );
      writeFileSync(path.join(restored, 'recovery.signal'), '');
      chownSync(path.join(restored, 'postgresql.auto.conf'), postgresUid, postgresGid);
      chownSync(path.join(restored, 'recovery.signal'), postgresUid, postgresGid);
      asPostgres('pg_ctl', ['-D', restored, '-l', path.join(root, 'restored.log'), '-w', 'start']);
      started.push(restored);
      const back = connect(restoredPort, 'gerbang');
      await waitUntil(async () => {
        const row = await sql<{ r: boolean }>`select pg_is_in_recovery() as r`.execute(back);
        return row.rows[0]?.r === false;
      }, 'the restored server to finish recovery');
      const counts = await sql<{ prefix: string; n: number }>`
        select split_part(id, '-', 1) || '-' || split_part(id, '-', 2) as prefix, count(*)::int as n
        from ledger_transfers where kind = 'drill' group by 1 order by 1`.execute(back);
      const byPrefix = Object.fromEntries(counts.rows.map((r) => [r.prefix, Number(r.n)]));
      const report = await checkInvariants(back);
      await back.destroy();
      console.log(
        `backup drill: restored to ${target}: before the backup ${byPrefix['before-backup'] ?? 0}/300, after it ${byPrefix['after-backup'] ?? 0}/300, after the target ${byPrefix['after-target'] ?? 0}/100 (must be 0); ledger check ${report.ok ? 'ok' : 'FAILED'} over ${report.counted.transfers} transfers`,
      );
      expect(byPrefix['before-backup']).toBe(300);
      expect(byPrefix['after-backup']).toBe(300);
      expect(byPrefix['after-target']).toBeUndefined();
      expect(report.violations).toEqual([]);
    } finally {
      for (const dir of started.reverse()) {
        try {
          asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // already stopped
        }
      }
      rmSync(root, { recursive: true, force: true });
    }
  }, 240_000);
});
