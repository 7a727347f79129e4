import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The rows a bulk Check answered, kept under the Check's token until the save copies
 * the chosen ones into its group with one INSERT … SELECT: the save's body names rows by their
 * transaction id only, and what is paid is what the inquiry answered. The job deletes rows of
 * tokens that have expired.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE bulk_inquiry_rows (
      idtransaksi text PRIMARY KEY,
      uuid_user text NOT NULL REFERENCES bulk_checksums(uuid_user) ON DELETE CASCADE,
      kodebank text NOT NULL,
      namabank text NOT NULL,
      norekeningtujuan text NOT NULL,
      customername text NOT NULL,
      nominal bigint NOT NULL CHECK (nominal > 0),
      admin_fee bigint NOT NULL CHECK (admin_fee >= 0),
      phone text NOT NULL,
      email text NOT NULL,
      note text NOT NULL
    );
    CREATE INDEX bulk_inquiry_rows_token_idx ON bulk_inquiry_rows (uuid_user);
    CREATE INDEX bulk_checksums_expires_idx ON bulk_checksums (expires_at);
  `,
  );
}
