import { type DeliveryReport, runDeliveriesOnce } from '../modules/statements/delivery-runner';
import { runStatementFilesOnce } from '../modules/statements/files';
import type { Job } from './job';

/**
 * Balance statements (modules/statements): every 5 s it writes the files users asked for, then
 * sends each active delivery's last whole WIB period once (the run row is the claim).
 */
export const statementsJob: Job<DeliveryReport & { files: number }> = {
  name: 'statements',
  intervalMs: 5_000,
  async runOnce(services) {
    const files = await runStatementFilesOnce(services);
    return { files, ...(await runDeliveriesOnce(services)) };
  },
  report: (r) => (r.files + r.sent + r.failed > 0 ? r : null),
};
