import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Transaction descriptions in the reader's language: a row written by the server
 * stores the kind of its description (`keterangan_key`, a catalog key such as
 * `descriptions.withdrawTo`) and its parameters (`keterangan_params`, text values by name); pages
 * and exports render it per request language (modules/transactions/descriptions.ts). `keterangan`
 * keeps the Indonesian text, so rows written before this migration (no key) read as they did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE transactions ADD COLUMN keterangan_key text;
    ALTER TABLE transactions ADD COLUMN keterangan_params jsonb;
  `,
  );
}
