import { type Kysely, sql } from 'kysely';

/**
 * Blocks of transaction-id serials (platform/ids.ts): each process claims the next block number
 * for the WIB second it is issuing ids in, so two processes (API nodes, the worker) never hand
 * out the same serial in the same second. A thousand blocks of a thousand serials fill the
 * 6-digit serial; the sequence cycles, and a block comes round again only after a thousand claims.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE transaction_id_blocks MINVALUE 0 MAXVALUE 999 START 0 CYCLE`.execute(
    db,
  );
}
