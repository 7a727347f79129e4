import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { demoExposureLines } from './exposure';
import { buildApp } from './http/app';
import { startJobLoop } from './jobs/loop';
import { allPartnerAreas, allPartnerRoutes, allRoutes } from './modules';
import { releaseAbandonedTries } from './platform/guess-budget';
import { DEMO_PASSWORD, PRINTED_DEMO_USERS } from './seed/demo-users';
import { DEMO_STAFF } from './seed/seed-console';
import { demoDataPresent, seedDemo } from './seed/seed-demo';

/**
 * The jobs' first passes wait this long after the listener opens: sixteen passes at once held
 * PGlite's one connection for most of a second, and the first request after a start (a user's
 * page, a load balancer's check) queued behind them. Work left by the last run waits two seconds.
 */
const JOBS_FIRST_PASS_AFTER_MS = 2_000;

async function main() {
  const config = loadConfig();
  const running = await bootstrap(config);
  const { services } = running;
  // A later start answers first: the demo data is there, and the seed (idempotent steps that top
  // it up, e.g. the history's days since the last start) runs once the listener is open; /readyz
  // says "starting" until it is done.
  const laterDemoStart = config.mode === 'demo' && (await demoDataPresent(services.db));
  if (config.mode === 'demo' && !laterDemoStart) await seedDemo(services);
  // Guesses a killed process was comparing are given back, not counted as wrong (guess-budget.ts).
  await releaseAbandonedTries(services.db);

  const app = await buildApp(services, allRoutes(config), allPartnerRoutes(), allPartnerAreas());
  await app.listen({ port: config.port, host: config.host });
  // The background jobs (jobs/loop.ts): the payout rail sweep, export files, pay-in settlement,
  // top-up expiry. Each runs JOBS_FIRST_PASS_AFTER_MS after the listener opens, then on its own
  // interval.
  if (laterDemoStart) await app.whileStarting(() => seedDemo(services));
  const jobs = startJobLoop(services, undefined, JOBS_FIRST_PASS_AFTER_MS);

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Gerbang is running at ${url}  (${config.mode} mode, ${services.dbKind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  ];
  if (config.mode === 'demo') {
    lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const user of PRINTED_DEMO_USERS) lines.push(`  ${user.username.padEnd(22)} ${user.role}`);
    lines.push(`Dev mailbox (OTP and reset mails): ${url}/dev/mailbox`);
    lines.push(`Payer simulator (pay a VA, QRIS or retail code; settle): ${url}/dev/simulator`);
    lines.push(`Provider console (staff, same password): ${url}/console  ${DEMO_STAFF.email}`);
    if (config.testModeKey) lines.push(`Test mode login: ${url}/auth/login?test=<TEST_MODE_KEY>`);
    lines.push(...demoExposureLines(config.host));
  }
  // Printed, not logged: this is the banner people read after `npm start`.
  console.log(lines.join('\n'));

  process.on('SIGINT', () => void shutdown(app, jobs, running, config.shutdownDrainMs, 'SIGINT'));
  process.on('SIGTERM', () => void shutdown(app, jobs, running, config.shutdownDrainMs, 'SIGTERM'));
}

/** A stop that hangs past this (a stuck rail call, a dead database) ends with exit code 1. */
const SHUTDOWN_TIMEOUT_MS = 30_000;
let stopping = false;

/**
 * A graceful stop, so a rolling restart fails no request: /readyz turns 503 and, after the drain
 * delay, the listener closes — requests in flight are answered, keep-alive connections close when
 * idle — while the job loop finishes its running passes (claimed rows done, nothing left under a
 * lease); then the database pool closes.
 */
async function shutdown(
  app: Awaited<ReturnType<typeof buildApp>>,
  jobs: ReturnType<typeof startJobLoop>,
  running: Awaited<ReturnType<typeof bootstrap>>,
  drainMs: number,
  signal: string,
) {
  if (stopping) return;
  stopping = true;
  const services = running.services;
  services.log.info({ signal, drainMs }, 'stopping: draining');
  setTimeout(() => {
    services.log.error('stopping took too long: exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  app.startDraining();
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await Promise.all([app.close(), jobs.stop()]);
  await running.close();
  process.exit(0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
