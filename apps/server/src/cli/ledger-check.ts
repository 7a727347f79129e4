/**
 * `npm run ledger:check`: checks every ledger invariant on the configured database (DATABASE_URL,
 * or the PGlite data directory DATA_DIR) and exits 0 only when all hold. It reads; it never migrates
 * or writes, so it is safe against production and a freshly restored backup.
 */
import { checkInvariants } from '@gerbang/ledger';
import { databaseLocation } from '../config';
import { connectDatabase } from '../db/connect';

async function main(): Promise<number> {
  const config = databaseLocation();
  const handle = await connectDatabase(config);
  try {
    const report = await checkInvariants(handle.db);
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite ${config.dataDir}`;
    const { accounts, transfers, entries } = report.counted;
    console.log(
      `ledger check on ${where}: ${accounts} accounts, ${transfers} transfers, ${entries} entries`,
    );
    if (report.ok) {
      console.log('all invariants hold');
      return 0;
    }
    console.error(`${report.violations.length} violation(s):`);
    for (const violation of report.violations) console.error(`  - ${violation}`);
    return 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      `ledger check failed to run: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(2);
  },
);
