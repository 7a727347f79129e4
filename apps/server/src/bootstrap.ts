import { Ledger } from '@gerbang/ledger';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { syncModulesAtStart } from './db/sync-modules';
import type { Services } from './http/services';
import { withInstanceSecrets } from './instance-secrets';
import { createMailer } from './mail/mailer';
import { registerCallbackFormats } from './modules/callback-formats';
import { registerSigningWrapKey } from './modules/credentials/signing';
import { registerDataPageHooks } from './modules/data-page-hooks';
import { registerDescriptionKeys } from './modules/description-keys';
import { registerPaidHooks } from './modules/paid-hooks';
import { registerPayoutKinds } from './modules/payout-kinds';
import { registerSettledHooks } from './modules/settled-hooks';
import { providerKey, registerProviderKeySource } from './modules/snap/provider-key';
import { createBalanceReader } from './platform/balance/ledger-balance-reader';
import { createCaptchaService } from './platform/captcha/captcha';
import { type Clock, createClock } from './platform/clock';
import { EventHub } from './platform/events/hub';
import { createMetrics } from './platform/metrics/metrics';
import { connectReplica } from './platform/read-replica';
import { createRails, type RailsConfig } from './rails';

export interface Running {
  services: Services;
  close(): Promise<void>;
}

/** What each area registers with the blocks it builds on (the blocks import no feature). */
function registerAreaHooks() {
  // What features add to a pay-in's receiving transaction (the pay-in block imports no feature).
  registerPaidHooks();
  // Callback types signed and judged in another protocol (the SNAP-signed notifications).
  registerCallbackFormats();
  // What features add to a settlement's completing transaction (aggregator shares, advances).
  registerSettledHooks();
  // What areas built on the data-page engine add to its route (exports: jobs, download links).
  registerDataPageHooks();
  // Every payout kind the payout pipeline opens and finalizes (the block imports no feature).
  registerPayoutKinds();
  // Which catalog keys rows may store as their description (each area declares its own).
  registerDescriptionKeys();
}

/** Connects the database, runs migrations and builds the services every route and job uses. */
export async function bootstrap(
  config: Config,
  opts: { log?: Logger; clock?: Clock; rails?: RailsConfig; pgliteLoadDataDir?: Blob } = {},
): Promise<Running> {
  const log =
    opts.log ??
    pino({
      level:
        process.env.LOG_LEVEL ??
        (config.mode === 'production' ? 'info' : config.mode === 'test' ? 'silent' : 'warn'),
    });
  const handle = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqlTraceFile: config.sqlTraceFile,
    preparedStatements: config.databasePreparedStatements,
    onConnectionLost: (error) => log.warn({ err: error }, 'database connection lost'),
    pgliteLoadDataDir: opts.pgliteLoadDataDir,
  });
  await migrateToLatest(handle.db);
  await syncModulesAtStart(handle.db);
  // Demo mode keeps generated secrets in its database, so a restart keeps withdrawals in flight.
  const resolved = await withInstanceSecrets(handle.db, config);
  // Agents' signature keys are kept encrypted with a key derived from the instance secret.
  registerSigningWrapKey(handle.db, resolved);
  // The key that signs SNAP payment notifications: configured, or generated once and kept. Tests
  // load it on first use (a key pair per test app would cost every file a key generation).
  registerProviderKeySource(handle.db, resolved);
  if (resolved.mode !== 'test') await providerKey(handle.db);
  registerAreaHooks();
  const clock = opts.clock ?? createClock(config.clockStartsAt);
  // PGlite is one process' database: it has no replicas.
  const replicaHandle = handle.kind === 'postgres' ? await connectReplica(config, log) : null;
  const replica = replicaHandle?.replica ?? null;
  // The one ledger: every area books through it, on the services clock.
  const ledger = new Ledger(handle.db, { clock: () => clock.now() });
  const balances = createBalanceReader(ledger, handle.db);
  // The live events of this process (ADR 017): started here, so every app and test has them.
  const events = new EventHub({ db: handle.db, balances, log });
  await events.start();
  const services: Services = {
    config: resolved,
    db: handle.db,
    dbKind: handle.kind,
    log,
    clock,
    now: () => clock.now(),
    mail: createMailer(handle.db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log,
      now: () => clock.now(),
    }),
    captcha: createCaptchaService(
      handle.db,
      resolved.captchaSecret,
      config.captchaCost,
      config.testModeKey,
      config.mode,
    ),
    balances,
    ledger,
    rails: createRails(opts.rails),
    metrics: createMetrics({
      db: handle.db,
      dbKind: handle.kind,
      now: () => clock.now(),
      pool: handle.poolStats,
      replicaLag: replica ? () => replica.lagSeconds() : undefined,
    }),
    replica,
    events,
  };
  return {
    services,
    close: async () => {
      await events.stop();
      await replicaHandle?.close();
      await handle.close();
    },
  };
}
