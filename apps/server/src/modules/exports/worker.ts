import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findDataPage } from '@gerbang/shared';
import { type Selectable, sql } from 'kysely';
import type { Services } from '../../http/services';
import { planFromStored } from '../data-pages/query';
import type { Pace } from '../data-pages/stream';
import { writeExportFiles } from './export-files';
import type { ExportParams } from './jobs';
import type { ExportJobsTable } from './tables';

/**
 * The export worker (ARCHITECTURE §7, spec 03 §2.3). Jobs go 0 New → 1 Queue (seen by a worker)
 * → 2 On Process (claimed) → 3 Success or 4 Failed. Claiming is one conditional UPDATE over a
 * `FOR UPDATE SKIP LOCKED` pick, so several worker processes on one PostgreSQL never take the same
 * job; a job left On Process by a crashed worker is taken again after STALE_AFTER_MS, up to
 * MAX_ATTEMPTS times. State lives only in the table, so a restart loses nothing.
 */
export const STALE_AFTER_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 3;
/** How often a running job renews its claim, well inside STALE_AFTER_MS. */
const CLAIM_RENEWAL_MS = 60 * 1000;

type ExportJob = Selectable<ExportJobsTable>;

/**
 * What the export worker uses of the services: the database, the clock, the export directory and
 * the log. The worker's own process (jobs/export-worker-main.ts) builds only these.
 */
export type ExportServices = Pick<Services, 'db' | 'dbKind' | 'now' | 'log'> & {
  config: Pick<Services['config'], 'exportDir'>;
  /** Rows are read here once it has replayed everything written before the job ran. */
  replica?: Services['replica'];
  /** Awaited between batches: how an export gives way to requests (give-way.ts). */
  pace?: Pace;
};

/** The replica when it holds everything the primary had when the job started, else the primary. */
async function exportSource(services: ExportServices) {
  const replica = services.replica;
  return replica && (await replica.replayedUpTo(services.db)) ? replica.db : services.db;
}

export async function claimExportJob(services: ExportServices): Promise<ExportJob | null> {
  const now = services.now();
  const stale = new Date(now.getTime() - STALE_AFTER_MS);
  const { db } = services;
  // New jobs are acknowledged (Queue) first, so the list shows the worker has seen them.
  await db.updateTable('export_jobs').set({ status: 1 }).where('status', '=', 0).execute();
  // Jobs that crashed too often are failed rather than retried forever.
  await db
    .updateTable('export_jobs')
    .set({
      status: 4,
      error: 'worker stopped during the export too many times',
      tanggal_waktu_selesai: now,
    })
    .where('status', '=', 2)
    .where('claimed_at', '<', stale)
    .where('attempts', '>=', MAX_ATTEMPTS)
    .execute();
  const result = await sql<ExportJob>`
    update export_jobs set status = 2, claimed_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
    where id = (
      select id from export_jobs
      where status = 1 or (status = 2 and claimed_at < ${stale.toISOString()}::timestamptz)
      order by id
      limit 1
      for update skip locked)
    returning *`.execute(db);
  return result.rows[0] ?? null;
}

function parseParams(raw: unknown): ExportParams {
  const params = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ExportParams;
  if (params?.version !== 1 || !params.plan) throw new Error('unknown export parameters');
  return params;
}

/**
 * A job's rows as it stored them (page, plan, language, its agent and environment), written to
 * `paths` (a null path skips that file); returns the rows written.
 */
export async function writeJobFiles(
  services: ExportServices,
  job: ExportJob,
  paths: { csvPath: string | null; xlsxPath: string | null },
): Promise<number> {
  const page = findDataPage(job.nama_menu);
  if (!page?.exportable) throw new Error(`page ${job.nama_menu} cannot be exported`);
  const params = parseParams(job.params);
  return writeExportFiles({
    db: await exportSource(services),
    dbKind: services.dbKind,
    page,
    plan: planFromStored(page, params.plan),
    scope: {
      agentId: job.agent_id,
      environment: job.environment,
      userId: job.user_id ?? 0,
      now: services.now(),
      lang: params.lang,
    },
    ...paths,
    pace: services.pace,
  });
}

/**
 * The services' pace, renewing the job's claim at most once a minute between batches: a long
 * export, or one giving way to a busy API, is never taken for a stopped worker's and started again
 * beside itself.
 */
function paceRenewingClaim(services: ExportServices, job: ExportJob): Pace {
  let renewed = services.now().getTime();
  return async (batchMs) => {
    const now = services.now();
    if (now.getTime() - renewed >= CLAIM_RENEWAL_MS) {
      renewed = now.getTime();
      await services.db
        .updateTable('export_jobs')
        .set({ claimed_at: now })
        .where('id', '=', job.id)
        .where('status', '=', 2)
        .execute();
    }
    await services.pace?.(batchMs);
  };
}

/** Writes one claimed job's files and records the outcome. Never throws for a job's own failure. */
export async function runExportJob(services: ExportServices, job: ExportJob): Promise<void> {
  const dir = services.config.exportDir;
  const stem = `export-${job.id}-${randomBytes(6).toString('hex')}`;
  const csvName = `${stem}.csv`;
  const xlsxName = `${stem}.xlsx`;
  const csvPath = path.join(dir, csvName);
  const xlsxPath = path.join(dir, xlsxName);
  try {
    mkdirSync(dir, { recursive: true });
    const running = { ...services, pace: paceRenewingClaim(services, job) };
    const rows = await writeJobFiles(running, job, { csvPath, xlsxPath });
    await services.db
      .updateTable('export_jobs')
      .set({
        status: 3,
        lokasi_file: csvName,
        lokasi_file_xlsx: xlsxName,
        row_count: rows,
        tanggal_waktu_selesai: services.now(),
        error: null,
      })
      .where('id', '=', job.id)
      .execute();
  } catch (error) {
    rmSync(csvPath, { force: true });
    rmSync(xlsxPath, { force: true });
    services.log.error({ err: error, exportJob: job.id }, 'export job failed');
    await services.db
      .updateTable('export_jobs')
      .set({
        status: 4,
        error: String(error instanceof Error ? error.message : error).slice(0, 500),
        tanggal_waktu_selesai: services.now(),
      })
      .where('id', '=', job.id)
      .execute();
  }
}

/** Runs waiting jobs until none is left or `max` ran; returns how many ran (the jobs loop's entry). */
export async function runExportJobsOnce(services: ExportServices, max = 10): Promise<number> {
  let ran = 0;
  while (ran < max) {
    const job = await claimExportJob(services);
    if (!job) break;
    await runExportJob(services, job);
    ran += 1;
  }
  return ran;
}
