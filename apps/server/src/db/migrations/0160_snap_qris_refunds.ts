import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * QRIS refunds through SNAP (modules/snap/qris-refund.ts, service 78):
 * - `snap_qris.refunded_amount`: what was given back of the paid QR so far; the check keeps it
 *   within the QR's amount, so no interleaving of refunds can give back more than was paid.
 * - `snap_qris_refunds`: one row per refund, unique per partner and environment by the partner's
 *   partnerRefundNo (a repeat answers the first refund), with the ledger transfer that moved it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE snap_qris ADD COLUMN refunded_amount bigint NOT NULL DEFAULT 0;
    ALTER TABLE snap_qris ADD CONSTRAINT snap_qris_refunded_within_amount
      CHECK (refunded_amount >= 0 AND refunded_amount <= amount);

    CREATE TABLE snap_qris_refunds (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      snap_qris_id bigint NOT NULL REFERENCES snap_qris(id),
      partner_refund_no text NOT NULL,
      refund_no text NOT NULL UNIQUE,
      external_id text NOT NULL,
      id_transaksi text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      reason text NOT NULL,
      ledger_transfer_id text NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (agent_id, environment, partner_refund_no)
    );
    CREATE INDEX snap_qris_refunds_qris_idx ON snap_qris_refunds (snap_qris_id);
    `,
  );
}
