import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { syncModules } from './db/migrations/0002_permissions';
import type { Services } from './http/services';
import { createMailer } from './mail/mailer';
import { createCaptchaService } from './modules/auth/captcha';
import { createBalanceReader } from './modules/balance/ledger-balance-reader';
import { createRails, type RailsConfig } from './rails';

export interface Running {
  services: Services;
  close(): Promise<void>;
}

/** Connects the database, runs migrations and builds the services every route and job uses. */
export async function bootstrap(
  config: Config,
  opts: { log?: Logger; now?: () => Date; rails?: RailsConfig } = {},
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
  });
  await migrateToLatest(handle.db);
  await syncModules(handle.db);
  const services: Services = {
    config,
    db: handle.db,
    dbKind: handle.kind,
    log,
    now: opts.now ?? (() => new Date()),
    mail: createMailer(handle.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    captcha: createCaptchaService(
      handle.db,
      config.captchaSecret,
      config.captchaCost,
      config.testModeKey,
    ),
    balances: createBalanceReader(handle.db),
    rails: createRails(opts.rails),
  };
  return { services, close: () => handle.close() };
}
