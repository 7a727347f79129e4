import type { Ledger } from '@gerbang/ledger';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { BalanceReader } from '../platform/balance/balance-reader';
import type { CaptchaService } from '../platform/captcha/captcha';
import type { Clock } from '../platform/clock';
import type { EventHub } from '../platform/events/hub';
import type { Metrics } from '../platform/metrics/metrics';
import type { Replica } from '../platform/read-replica';
import type { Rails } from '../rails';

/** What every route and job may use. Built once in main.ts (or per test) and passed down. */
export interface Services {
  config: Config;
  db: Kysely<Database>;
  dbKind: 'postgres' | 'pglite';
  mail: Mailer;
  captcha: CaptchaService;
  balances: BalanceReader;
  /** The one ledger, built at start with the services clock (`bootstrap.ts`). */
  ledger: Ledger;
  /** Payment rails (the simulator unless real connectors are configured). */
  rails: Rails;
  log: Logger;
  /** The one clock (platform/clock.ts); test mode may move it, production never. */
  clock: Clock;
  /** `clock.now()`: what every time rule reads (cut-off, downtime, expiries, WIB days). */
  now: () => Date;
  /** Prometheus metrics of this process (platform/metrics), served at GET /metrics. */
  metrics: Metrics;
  /** The read replica (DATABASE_REPLICA_URL) for reads that may lag; null without one. */
  replica: Replica | null;
  /** This process's live-event reader and its streams (platform/events, ADR 017). */
  events: EventHub;
}
