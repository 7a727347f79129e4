/**
 * What the export worker's own process builds: only what an export needs — the
 * configuration, a database pool, the clock and the log; the worker itself brings the page
 * descriptors, the query engine and the CSV/XLSX writers. Not the HTTP server, the ledger, mail,
 * captcha or rails. Used by jobs/export-worker-main.ts and the data bench.
 */
import { constants, setPriority } from 'node:os';
import pino from 'pino';
import { type Config, loadConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { registerDescriptionKeys } from '../modules/description-keys';
import type { ExportServices } from '../modules/exports/worker';
import { createClock } from '../platform/clock';
import { connectReplica } from '../platform/read-replica';

/**
 * An export is background work that runs for seconds: the thread that formats it (Linux's nice
 * value is per thread, so inside the API process only the export thread) runs below normal
 * priority, so a request on the same cores is served first (bench:poll's export case). Not the
 * lowest: under requests that keep every core busy, nice 19 would get ~1.5 % of a core and a
 * finance user's export would wait minutes; nice 10 still gets ~10 %. The database backend that
 * makes the lines is not reached by it: in the API's thread the export also rests while the API is
 * busy (modules/exports/give-way.ts).
 */
function yieldCoresToRequests(log: pino.Logger): void {
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch (error) {
    log.warn({ err: error }, 'export worker: could not lower its priority');
  }
}

/** `config`: the owner's own configuration (the API's, for its export thread); else the env's. */
export async function startExportServices(
  env: NodeJS.ProcessEnv = process.env,
  config: Config = loadConfig(env),
): Promise<{ services: ExportServices; close(): Promise<void> }> {
  const log = pino({ level: env.LOG_LEVEL ?? (config.mode === 'production' ? 'info' : 'warn') });
  yieldCoresToRequests(log);
  const handle = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // One export at a time per process: a cursor connection and one for the job's updates.
    poolSize: 2,
    onConnectionLost: (error) => log.warn({ err: error }, 'database connection lost'),
  });
  // Exports render each row's description in the reader's language (modules/description-keys.ts).
  registerDescriptionKeys();
  const clock = createClock(config.clockStartsAt);
  const replicaHandle = handle.kind === 'postgres' ? await connectReplica(config, log, 1) : null;
  const services: ExportServices = {
    config: { exportDir: config.exportDir },
    db: handle.db,
    dbKind: handle.kind,
    log,
    now: () => clock.now(),
    replica: replicaHandle?.replica ?? null,
  };
  return {
    services,
    close: async () => {
      await replicaHandle?.close();
      await handle.close();
    },
  };
}
