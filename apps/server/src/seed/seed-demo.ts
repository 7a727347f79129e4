import type { Services } from '../http/services';
import { seedRemittanceDemo } from '../modules/remittance/seed';
import { seedVouchers } from '../modules/transfer/vouchers';
import { seedDemoHistory } from './demo-history';
import { seedDemoNmidPhotos } from './demo-nmid-photos';
import { DEMO_USERS } from './demo-users';
import { seedAccountProfiles } from './seed-account-profiles';
import { seedCallbackUrls } from './seed-callback-urls';
import { seedConsoleStaff } from './seed-console';
import { seedNews } from './seed-news';
import { seedTransactionPins } from './seed-transaction-pins';
import { findDemoUser, seedDemoUsers } from './seed-users';
import { seedWithdrawDemo } from './seed-withdraw';

/**
 * Whether an earlier start seeded the demo's users (the last one it creates exists): this start
 * may answer before it tops up the rest.
 */
export async function demoDataPresent(db: Services['db']): Promise<boolean> {
  const last = DEMO_USERS[DEMO_USERS.length - 1];
  return last !== undefined && (await findDemoUser(db, last.username)) !== undefined;
}

/**
 * Demo data for `npm start`: users first, then each area's history. Idempotent: a second start
 * finds everything in place and adds nothing.
 */
export async function seedDemo(services: Services): Promise<void> {
  await seedDemoUsers(services.db);
  await seedTransactionPins(services.db, services.now());
  // Demo mode only: partner's callback URLs point at the demo receiver.
  await seedCallbackUrls(services);
  await seedNews(services.db, services.now());
  await seedConsoleStaff(services.db);
  await seedAccountProfiles(services.db);
  await seedVouchers(services.db, services.now());
  // 90 days of ledger-backed history for the data pages and the dashboard (npm start only: API
  // tests build the rows they need, and seeding it in every test database would slow them all).
  if (services.config.mode === 'demo') {
    await seedDemoHistory(services);
    // The history's NMID requests get real photos in the upload folder.
    await seedDemoNmidPhotos(services);
  }
  // Last: it funds the partner only if the areas before it left the balance at zero.
  await seedWithdrawDemo(services);
  // Demo mode only, after the partner has money: remittances booked through the payment's functions.
  if (services.config.mode === 'demo') await seedRemittanceDemo(services);
}
