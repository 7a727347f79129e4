import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The transactions of every rail (withdrawals, transfers, e-wallet, retail, VA and QRIS payments),
 * with the field names of spec 03 §3.1 ("full transaction row") so the data pages read them as is.
 * Money moves only through the ledger; `ledger_transfer_id` links the row to its pending/posted transfer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE transactions (
      id bigserial PRIMARY KEY,
      id_transaksi text NOT NULL UNIQUE,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint REFERENCES users(id),
      -- What kind of movement: WITHDRAW, EWALLET, RETAIL, TRANSFER, VA, QRIS, TOPUP.
      kind text NOT NULL,
      -- Dashboard grouping of spec 01 §7: TRANSFER (cash-out), IPG (VA or cash-in), EMONEY.
      jenis_produk text NOT NULL,
      jenis_trx text NOT NULL CHECK (jenis_trx IN ('CASH IN', 'CASH OUT')),
      -- 0 inquiry, 1 pay.
      jenis_transaksi integer NOT NULL DEFAULT 1,
      status_trx text NOT NULL CHECK (status_trx IN ('PROCESS', 'SUCCESS', 'FAILED')),
      time_request timestamptz NOT NULL DEFAULT now(),
      -- The WIB business date of time_request, kept as a column so date filters use an index.
      transaction_date date NOT NULL,
      time_completed timestamptz,
      invoicenumberext text,
      addinfo21 text,
      partner_reff_va text,
      nopelanggan1 text,
      nopelanggan2 text,
      nopelanggan3 text,
      id_produk text,
      nama_produk text,
      nama_channel text,
      kodebank text,
      namabank text,
      customername text,
      nominal_origin bigint NOT NULL CHECK (nominal_origin >= 0),
      nominal_admin bigint NOT NULL DEFAULT 0 CHECK (nominal_admin >= 0),
      response_code text,
      responsebiller text,
      keterangan text,
      -- Refunded (money returned) or Debited.
      is_void text,
      token_code text,
      note text,
      rail_reference text,
      ledger_transfer_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX transactions_agent_date_idx ON transactions (agent_id, environment, transaction_date DESC, id DESC);
    CREATE INDEX transactions_agent_time_idx ON transactions (agent_id, environment, time_request DESC);
    CREATE INDEX transactions_agent_amount_idx ON transactions (agent_id, environment, nominal_origin);
    CREATE INDEX transactions_status_idx ON transactions (status_trx) WHERE status_trx = 'PROCESS';
  `,
  );
}
