import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { demoExposureLines } from './exposure';
import { buildApp } from './http/app';
import { startJobLoop } from './jobs/loop';
import { allPartnerAreas, allPartnerRoutes, allRoutes } from './modules';
import { releaseAbandonedTries } from './platform/guess-budget';
import { DEMO_PASSWORD, PRINTED_DEMO_USERS } from './seed/demo-users';
import { DEMO_STAFF } from './seed/seed-console';
import { seedDemo } from './seed/seed-demo';

async function main() {
  const config = loadConfig();
  const running = await bootstrap(config);
  const { services } = running;
  if (config.mode === 'demo') await seedDemo(services);
  // Guesses a killed process was comparing are given back, not counted as wrong (guess-budget.ts).
  await releaseAbandonedTries(services.db);

  const app = await buildApp(services, allRoutes(config), allPartnerRoutes(), allPartnerAreas());
  await app.listen({ port: config.port, host: config.host });
  // The background jobs (jobs/loop.ts): the payout rail sweep, export files, pay-in settlement,
  // top-up expiry. Each runs at start, then on its own interval.
  const jobs = startJobLoop(services);

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

  const shutdown = async () => {
    await app.close();
    await jobs.stop();
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
