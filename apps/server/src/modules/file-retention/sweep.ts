import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Services } from '../../http/services';

/** Rows one pass clears per table; the next pass takes the rest. */
const BATCH = 200;
const DAY_MS = 24 * 3_600_000;

type RetentionServices = Pick<Services, 'db' | 'now'> & {
  config: Pick<Services['config'], 'exportDir' | 'fileRetentionDays'>;
};

export interface FileRetentionReport {
  exports: number;
  statements: number;
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** Deletes a stored file; only a plain name is ever stored, basename keeps a bad row inside. */
function removeFile(services: RetentionServices, name: string | null) {
  if (!name) return;
  rmSync(path.join(services.config.exportDir, path.basename(name)), { force: true });
}

async function expireExports(services: RetentionServices, before: Date): Promise<number> {
  const rows = await services.db
    .selectFrom('export_jobs')
    .select(['id', 'lokasi_file', 'lokasi_file_xlsx'])
    .where('tanggal_waktu_selesai', '<', before)
    .where((eb) =>
      eb.or([eb('lokasi_file', 'is not', null), eb('lokasi_file_xlsx', 'is not', null)]),
    )
    .orderBy('id')
    .limit(BATCH)
    .execute();
  if (rows.length === 0) return 0;
  // The file goes first: a pass stopped in between leaves a row whose file is gone, which offers
  // no download either (the list checks the file), and the next pass clears it.
  for (const row of rows) {
    removeFile(services, row.lokasi_file);
    removeFile(services, row.lokasi_file_xlsx);
  }
  await services.db
    .updateTable('export_jobs')
    .set({ lokasi_file: null, lokasi_file_xlsx: null })
    .where('id', 'in', ids(rows))
    .execute();
  return rows.length;
}

async function expireStatements(services: RetentionServices, before: Date): Promise<number> {
  const rows = await services.db
    .selectFrom('statement_files')
    .select(['id', 'file_name'])
    .where('finished_at', '<', before)
    .where('file_name', 'is not', null)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  if (rows.length === 0) return 0;
  for (const row of rows) removeFile(services, row.file_name);
  await services.db
    .updateTable('statement_files')
    .set({ file_name: null })
    .where('id', 'in', ids(rows))
    .execute();
  return rows.length;
}

/**
 * Written files are kept FILE_RETENTION_DAYS after they were finished (exports and balance
 * statements), then deleted with their location: the job rows stay in the lists as history, and
 * a row without a file location offers no download (spec 03 §2.3). Without it the export
 * directory only grows.
 */
export async function runOnce(services: RetentionServices): Promise<FileRetentionReport> {
  const before = new Date(services.now().getTime() - services.config.fileRetentionDays * DAY_MS);
  return {
    exports: await expireExports(services, before),
    statements: await expireStatements(services, before),
  };
}
