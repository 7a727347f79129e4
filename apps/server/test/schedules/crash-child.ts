/**
 * The schedules runner as its own process, for the crash test (crash.test.ts). Started with
 * `node --import tsx` on the test's PostgreSQL database and a clock at CRASH_CLOCK. With
 * CRASH_AT it stops dead at that point of the due minute and waits to be killed with SIGKILL:
 *
 *   open   inside the run's transaction: the claim row and the payout rows are written, the
 *          ledger hold is the next statement (nothing is committed yet)
 *   send   after the commit: the payout is held and claimed, the bank is about to be called
 *
 * Without CRASH_AT it runs one pass, then what the other jobs would do next (the rail sweep, the
 * bulk job), prints `RESULT <json>` and exits.
 */
import { bootstrap } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import { runOnce as runBulkJob } from '../../src/modules/bulk-transfer/runner';
import { runRailSweep } from '../../src/modules/payouts/rail-work';
import { runOnce } from '../../src/modules/schedules/runner';
import { createClock } from '../../src/platform/clock';

const crashAt = process.env.CRASH_AT ?? '';
const config = loadConfig({
  ...process.env,
  GERBANG_MODE: 'test',
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  TEST_MODE_KEY: 'crash-test-key',
  SMTP_URL: '',
  CUT_OFF_AGENTS: '',
});
const running = await bootstrap(config, {
  clock: createClock(new Date(process.env.CRASH_CLOCK as string)),
});
const { services } = running;

/** Says where it stopped and never returns: only SIGKILL ends the process now. */
function stopDead(point: string): Promise<never> {
  process.stdout.write(`CRASH_POINT ${point}\n`);
  return new Promise<never>(() => undefined);
}

if (crashAt === 'open') {
  const ledger = services.ledger as unknown as Record<string, unknown>;
  for (const name of ['createTransfers', 'createTransfer']) {
    ledger[name] = () => stopDead('open');
  }
}
if (crashAt === 'send') {
  services.rails.bank.send = () => stopDead('send');
}

const report = await runOnce(services);
const sweep = [
  await runRailSweep(services),
  await runBulkJob(services),
  await runBulkJob(services),
];
process.stdout.write(`RESULT ${JSON.stringify({ report, sweep })}\n`);
await running.close();
process.exit(0);
