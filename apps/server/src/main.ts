import { bootstrap } from './bootstrap';
import { loadConfig } from './config';
import { buildApp } from './http/app';
import { startExportWorker } from './jobs/export-worker';
import { startRailSweep } from './jobs/rail-sweep';
import { allRoutes } from './modules';
import { DEMO_PASSWORD, PRINTED_DEMO_USERS } from './seed/demo-users';
import { seedDemo } from './seed/seed-demo';

async function main() {
  const config = loadConfig();
  const running = await bootstrap(config);
  const { services } = running;
  if (config.mode === 'demo') await seedDemo(services);

  const app = await buildApp(services, allRoutes(config));
  await app.listen({ port: config.port, host: config.host });
  // Finishes withdrawals a previous run left at the rail, then keeps polling slow ones.
  const railSweep = startRailSweep(services);
  // Writes the files of export jobs (data pages' download button); jobs survive restarts.
  const exportWorker = startExportWorker(services);

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Gerbang is running at ${url}  (${config.mode} mode, ${services.dbKind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  ];
  if (config.mode === 'demo') {
    lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const user of PRINTED_DEMO_USERS) lines.push(`  ${user.username.padEnd(22)} ${user.role}`);
    lines.push(`Dev mailbox (OTP and reset mails): ${url}/dev/mailbox`);
    if (config.testModeKey) lines.push(`Test mode login: ${url}/auth/login?test=<TEST_MODE_KEY>`);
  }
  // Printed, not logged: this is the banner people read after `npm start`.
  console.log(lines.join('\n'));

  const shutdown = async () => {
    await app.close();
    await railSweep.stop();
    await exportWorker.stop();
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
