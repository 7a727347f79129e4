import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The demo callback receiver (`/api/dev/callback_sink`, demo and test mode only): what it received,
 * with the signature check's outcome (null when the sending agent has no active signature).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE dev_callback_sink (
      id bigserial PRIMARY KEY,
      received_at timestamptz NOT NULL,
      event_id text,
      headers text NOT NULL,
      body text NOT NULL,
      signature_valid boolean,
      answered_status integer NOT NULL
    );
  `,
  );
}
