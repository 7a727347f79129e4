import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { CALLBACK_DISABLE_EVENTS_DEFAULT } from '@gerbang/shared/contract/callbacks';
import { preparedStatementsWanted } from './db/prepared-statements';
import { parseClockStart } from './platform/clock';

/**
 * Configuration comes from environment variables only (docs/operations.md lists them).
 * Demo mode is the default of `npm start`; production mode refuses to start without a real
 * database and real secrets, and never seeds demo data.
 */
export interface Config {
  mode: 'demo' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL URL; when empty, embedded PGlite in `dataDir` is used. */
  databaseUrl: string | null;
  /** A streaming replica for reads that may lag (DATABASE_REPLICA_URL; platform/read-replica.ts). */
  databaseReplicaUrl: string | null;
  /** A replica further behind than this is not read (REPLICA_MAX_LAG_MS, default 5000). */
  replicaMaxLagMs: number;
  /** PGlite data directory; `memory://` keeps the database in memory (tests). */
  dataDir: string;
  /** Bench only (GERBANG_SQL_TRACE): count PostgreSQL statements, written here on SIGUSR2. */
  sqlTraceFile: string | null;
  /**
   * Named prepared statements for the ledger's lock and write (db/prepared-statements.ts);
   * DATABASE_PREPARED_STATEMENTS=off behind PgBouncer in transaction mode, which cannot keep them.
   */
  databasePreparedStatements: boolean;
  sessionSecret: string;
  captchaSecret: string;
  /**
   * Secrets that were not configured and were generated at random. Demo mode replaces them with
   * the ones it generated on its first start and kept in its database (instance-secrets.ts); test
   * mode keeps them random per process; production has none (it refuses to start without them).
   */
  generatedSecrets: Array<'session' | 'captcha'>;
  /** When set, `/auth/login?test=<key>` skips the captcha and the session is a test user. */
  testModeKey: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Origin that links in e-mails point to. */
  publicUrl: string;
  /**
   * WebAuthn relying party (passkeys, ADR 010): the RP id (WEBAUTHN_RP_ID, default PUBLIC_URL's
   * host name) and the page origins an assertion may come from (WEBAUTHN_ORIGINS, comma-separated,
   * default PUBLIC_URL's origin). A browser refuses an IP address as RP id, hence the override.
   */
  webauthnRpId: string;
  webauthnOrigins: string[];
  /** Directory of the built web app, served by the API process. */
  webDistDir: string;
  /** Directory where export files are written. */
  exportDir: string;
  /** Days an export or statement file is kept after it was written (FILE_RETENTION_DAYS). */
  fileRetentionDays: number;
  /**
   * Directory of uploaded documents (NMID photos; UPLOAD_DIR), outside the web root: files are
   * served only through routes that check the owner or the provider's staff.
   */
  uploadDir: string;
  /** Cost of the captcha proof of work (SHA-256 iterations per attempt). */
  captchaCost: number;
  /** Usernames under the cut-off rule of spec 01 §2 (comma-separated in CUT_OFF_AGENTS). */
  cutOffAgents: string[];
  /** Usernames allowed to use international remittance (INTERNATIONAL_AGENTS). */
  internationalAgents: string[];
  /** Support chat link shown in the header. */
  supportUrl: string;
  /** Affiliation links on the my-data tab; `{code}` is replaced by the referral code. */
  affiliateWebUrl: string;
  affiliateAndroidUrl: string;
  /** Payment rails: only the built-in simulator exists so far (RAILS=simulator). */
  rails: 'simulator';
  /**
   * Test mode's settable clock (CLOCK_AT, an ISO instant or a WIB time like `23:50`): the server
   * starts at that time and runs on. Refused in production; null there and by default.
   */
  clockStartsAt: Date | null;
  /** Proxy addresses whose X-Forwarded-For is trusted (TRUST_PROXY, comma-separated); none by default. */
  trustProxy: string[] | false;
  /** A session unused for this long ends, within its 1-day absolute lifetime (SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
  /**
   * GET /metrics (Prometheus): with METRICS_TOKEN set it asks `Authorization: Bearer <token>`;
   * without it only callers on this machine (loopback) are answered.
   */
  metricsToken: string | null;
  /**
   * On SIGTERM the server first answers /readyz with 503 for this long (SHUTDOWN_DRAIN_MS), so a
   * load balancer stops sending before the listener closes; then in-flight requests and job passes
   * finish. 0 by default (no balancer in front of `npm start`).
   */
  shutdownDrainMs: number;
  /**
   * A callback endpoint is disabled after this many events in 24 h all failed every attempt (or
   * a 24 h failure streak with fewer): CALLBACK_DISABLE_EVENTS, default 50 (docs/api.md).
   */
  callbackDisableEvents: number;
  /**
   * The provider printed at the top of every invoice PDF (INVOICE_PROVIDER_NAME,
   * INVOICE_PROVIDER_ADDRESS, INVOICE_PROVIDER_NPWP, INVOICE_LOGO_PATH: a PNG or JPEG file; none
   * draws the built-in Gerbang mark).
   */
  invoiceProvider: { name: string; address: string; npwp: string; logoPath: string | null };
  /**
   * The RSA private key (PEM, PKCS#8 or PKCS#1, 2048 bits or more) that signs the SNAP payment
   * notifications (SNAP_PROVIDER_PRIVATE_KEY; `\n` may stand for line breaks). Null: one is
   * generated at the first start and kept encrypted in the database (modules/snap/provider-key.ts).
   */
  snapProviderPrivateKey: string | null;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function list(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Where the database is, as configured; tools that only read (ledger:check) need no more than this. */
export function databaseLocation(env: NodeJS.ProcessEnv = process.env): {
  databaseUrl: string | null;
  dataDir: string;
} {
  return {
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataDir: env.DATA_DIR ?? path.join(repoRoot, 'data'),
  };
}

/** A whole number of at least 1 from the environment, else the default. */
const positiveOr = (raw: string | undefined, fallback: number) =>
  Math.max(1, Math.floor(Number(raw ?? fallback)) || fallback);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const mode: Config['mode'] = production
    ? 'production'
    : env.GERBANG_MODE === 'test'
      ? 'test'
      : 'demo';
  const { databaseUrl, dataDir } = databaseLocation(env);
  const port = Number(env.PORT ?? 3000);

  if (production) {
    const missing: string[] = [];
    if (!databaseUrl) missing.push('DATABASE_URL');
    if (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)
      missing.push('SESSION_SECRET (32+ chars)');
    if (!env.CAPTCHA_SECRET || env.CAPTCHA_SECRET.length < 32)
      missing.push('CAPTCHA_SECRET (32+ chars)');
    if (!env.PUBLIC_URL) missing.push('PUBLIC_URL');
    // No real bank connector ships yet: production on the simulator must be chosen knowingly,
    // because a simulated payout moves ledger money while no bank transfer happens.
    if (env.RAILS !== 'simulator')
      missing.push(
        'RAILS (only RAILS=simulator exists; real connectors plug into apps/server/src/rails)',
      );
    if (missing.length > 0) {
      throw new Error(`Production mode refuses to start without: ${missing.join(', ')}`);
    }
    // A moved clock would shift cut-offs, expiries and settlement dates of real money.
    if (env.CLOCK_AT?.trim()) {
      throw new Error(
        'Production mode refuses to start with CLOCK_AT set: the settable clock is for tests only. Remove CLOCK_AT from the environment.',
      );
    }
    // The test key logs in without a captcha as a test user: it must never exist in production.
    if (env.TEST_MODE_KEY?.trim()) {
      throw new Error(
        'Production mode refuses to start with TEST_MODE_KEY set: the test key skips the captcha and marks sessions as test users. Remove TEST_MODE_KEY from the environment.',
      );
    }
  }
  // Demo mode seeds demo users and money and opens the dev mailbox. On a PostgreSQL database that
  // must be asked for explicitly, so a deployment that forgot NODE_ENV=production cannot seed it.
  if (mode === 'demo' && databaseUrl && env.GERBANG_MODE !== 'demo') {
    throw new Error(
      'DATABASE_URL is set without NODE_ENV=production: set NODE_ENV=production for a real deployment, or GERBANG_MODE=demo to put demo data into this database',
    );
  }

  return {
    mode,
    port,
    // Demo and test mode open the dev mailbox (every OTP) and the test key: only this computer may
    // reach them unless HOST says otherwise. Production listens on every interface (behind a proxy).
    host: env.HOST?.trim() || (production ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl,
    databaseReplicaUrl: databaseUrl ? env.DATABASE_REPLICA_URL?.trim() || null : null,
    replicaMaxLagMs: Math.max(0, Number(env.REPLICA_MAX_LAG_MS ?? 5000) || 0),
    dataDir,
    sqlTraceFile: env.GERBANG_SQL_TRACE?.trim() || null,
    databasePreparedStatements: preparedStatementsWanted(env),
    // Unconfigured secrets are random here; demo mode swaps them for the ones kept in its
    // database at bootstrap (so withdrawals in flight survive a restart), test mode keeps these.
    sessionSecret: env.SESSION_SECRET || randomBytes(32).toString('hex'),
    captchaSecret: env.CAPTCHA_SECRET || randomBytes(32).toString('hex'),
    generatedSecrets: [
      ...(env.SESSION_SECRET ? [] : (['session'] as const)),
      ...(env.CAPTCHA_SECRET ? [] : (['captcha'] as const)),
    ],
    // Never in production (refused above; null here too, so no later code path can see one).
    testModeKey: production ? null : env.TEST_MODE_KEY?.trim() || null,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM ?? 'Gerbang <no-reply@gerbang.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    webauthnRpId:
      env.WEBAUTHN_RP_ID?.trim() || new URL(env.PUBLIC_URL ?? `http://localhost:${port}`).hostname,
    webauthnOrigins: list(env.WEBAUTHN_ORIGINS, [
      new URL(env.PUBLIC_URL ?? `http://localhost:${port}`).origin,
    ]),
    webDistDir: env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'),
    exportDir: env.EXPORT_DIR ?? path.join(repoRoot, 'data/exports'),
    fileRetentionDays: Math.max(1, Math.floor(Number(env.FILE_RETENTION_DAYS ?? 30) || 30)),
    uploadDir: env.UPLOAD_DIR ?? path.join(repoRoot, 'data/uploads'),
    captchaCost: Number(env.CAPTCHA_COST ?? 5000),
    cutOffAgents: list(env.CUT_OFF_AGENTS, ['partner@demo.id']),
    internationalAgents: list(env.INTERNATIONAL_AGENTS, [
      'partner@demo.id',
      'aggregator@demo.id',
      'h2h@demo.id',
    ]),
    supportUrl: env.SUPPORT_URL ?? 'https://wa.me/6281100000000',
    affiliateWebUrl:
      env.AFFILIATE_WEB_URL ??
      `${(env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '')}/auth/login?ref={code}`,
    affiliateAndroidUrl:
      env.AFFILIATE_ANDROID_URL ??
      'https://play.google.com/store/apps/details?id=id.gerbang.app&referrer=ref%3D{code}',
    rails: 'simulator',
    clockStartsAt: !production && env.CLOCK_AT?.trim() ? parseClockStart(env.CLOCK_AT) : null,
    trustProxy: env.TRUST_PROXY ? list(env.TRUST_PROXY, []) : false,
    sessionIdleMs: Number(env.SESSION_IDLE_MINUTES ?? 120) * 60_000,
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    shutdownDrainMs: Math.max(0, Number(env.SHUTDOWN_DRAIN_MS ?? 0) || 0),
    callbackDisableEvents: positiveOr(env.CALLBACK_DISABLE_EVENTS, CALLBACK_DISABLE_EVENTS_DEFAULT),
    snapProviderPrivateKey: env.SNAP_PROVIDER_PRIVATE_KEY?.trim().replaceAll('\\n', '\n') || null,
    invoiceProvider: invoiceProviderOf(env),
  };
}

/** The provider's details printed on invoices (INVOICE_PROVIDER_*, INVOICE_LOGO_PATH). */
function invoiceProviderOf(env: NodeJS.ProcessEnv): Config['invoiceProvider'] {
  return {
    name: env.INVOICE_PROVIDER_NAME?.trim() || 'PT Gerbang Pembayaran Indonesia',
    address:
      env.INVOICE_PROVIDER_ADDRESS?.trim() ||
      'Gedung Gerbang, Jl. M.H. Thamrin No. 1, Jakarta Pusat 10310, Indonesia',
    npwp: env.INVOICE_PROVIDER_NPWP?.trim() || '09.876.543.2-011.000',
    logoPath: env.INVOICE_LOGO_PATH?.trim() || null,
  };
}
