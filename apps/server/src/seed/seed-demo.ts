import type { Services } from '../http/services';
import { seedDemoHistory } from './demo-history';
import { seedAccountProfiles } from './seed-account-profiles';
import { seedNews } from './seed-news';
import { seedTransactionPins } from './seed-transaction-pins';
import { seedDemoUsers } from './seed-users';
import { seedWithdrawDemo } from './seed-withdraw';

/**
 * Demo data for `npm start`: users first, then each area's history. Idempotent: a second start
 * finds everything in place and adds nothing.
 */
export async function seedDemo(services: Services): Promise<void> {
  await seedDemoUsers(services.db);
  await seedTransactionPins(services.db, services.now());
  await seedNews(services.db, services.now());
  await seedAccountProfiles(services.db);
  // 90 days of ledger-backed history for the data pages and the dashboard (npm start only: API
  // tests build the rows they need, and seeding it in every test database would slow them all).
  if (services.config.mode === 'demo') await seedDemoHistory(services);
  // Last: it funds the partner only if the areas before it left the balance at zero.
  await seedWithdrawDemo(services);
}
