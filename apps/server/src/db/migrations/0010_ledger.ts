import { ledgerMigration } from '@gerbang/ledger';
import type { Kysely } from 'kysely';

/** The ledger's tables and its write function (packages/ledger owns the schema). */
export async function up(db: Kysely<any>): Promise<void> {
  await ledgerMigration.up(db);
}
