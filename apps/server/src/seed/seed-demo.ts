import type { Services } from '../http/services';
import { seedAccountProfiles } from './seed-account-profiles';
import { seedNews } from './seed-news';
import { seedDemoUsers } from './seed-users';
import { seedWithdrawDemo } from './seed-withdraw';

/**
 * Demo data for `npm start`: users first, then each area's history. Idempotent: a second start
 * finds everything in place and adds nothing.
 */
export async function seedDemo(services: Services): Promise<void> {
  await seedDemoUsers(services.db);
  await seedNews(services.db, services.now());
  await seedAccountProfiles(services.db);
  // Last: it funds the partner only if the areas before it left the balance at zero.
  await seedWithdrawDemo(services);
}
