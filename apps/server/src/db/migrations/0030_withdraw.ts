import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Withdraw, OTP and rail submission tables. Money never lives here: balances are the
 * ledger's, and `transactions` (0003) holds the payment rows the data pages read.
 *
 * - `favourite_accounts`: saved destinations of an agent (spec 02 §3 "favourite destination";
 *   spec 03 data page /data/setting_account_favourite lists them and toggles `is_active` with
 *   `data/set_change_status_account_favourite`). `id_accounts` is the user who saved the row.
 *   The withdraw page reads the active ones through data/transaction_destination_stored(_mobile).
 * - `product_pricing`: the admin fee per agent and product code (spec 03 §3.1 "product row":
 *   nama_produk, jenis_trx, fee_admin, fee_admin_prosen, is_gangguan; the /data/produk page reads it).
 *   A withdrawal's fee is `fee_admin + amount × fee_admin_prosen / 100` (rounded half up to whole
 *   rupiah); with no row the product's default (2500) applies. `is_gangguan` refuses new inquiries.
 * - `withdraw_inquiries`: a checked destination and amount, valid 15 minutes, bound by `checksum`.
 * - `withdraw_otps`: e-mail OTPs, stored as an HMAC, single use, 5 wrong tries, 10 minutes.
 * - `rail_submissions`: the outbox row of one payment's rail work (send, then poll until final).
 *   Written in the same database transaction as the ledger hold and the transactions row, so a
 *   crash at any point leaves a row the recovery sweep finishes (post or void, exactly once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE favourite_accounts (
      id bigserial PRIMARY KEY,
      id_accounts bigint REFERENCES users(id),
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      accountname text NOT NULL,
      accountnumber text NOT NULL,
      kodebank text NOT NULL,
      namabank text NOT NULL,
      type text NOT NULL CHECK (type IN ('BANK', 'EWALLET')),
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (agent_id, environment, type, kodebank, accountnumber)
    );
    CREATE INDEX favourite_accounts_agent_idx ON favourite_accounts (agent_id, environment, is_active);

    CREATE TABLE product_pricing (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      kode_produk text NOT NULL,
      id_produk text NOT NULL,
      nama_produk text NOT NULL,
      -- CASH IN or CASH OUT, as the transactions rows say it.
      jenis_trx text NOT NULL CHECK (jenis_trx IN ('CASH IN', 'CASH OUT')),
      fee_admin bigint NOT NULL DEFAULT 0 CHECK (fee_admin >= 0),
      -- Percent of the amount, e.g. 0.70, a rate, not money.
      fee_admin_prosen numeric(6, 3) NOT NULL DEFAULT 0 CHECK (fee_admin_prosen >= 0 AND fee_admin_prosen <= 100),
      is_gangguan boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (agent_id, kode_produk)
    );

    CREATE TABLE withdraw_inquiries (
      id bigserial PRIMARY KEY,
      id_transaksi text NOT NULL UNIQUE,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('BANK', 'EWALLET', 'RETAIL')),
      -- What the form sent (bank code, e-wallet id_produk, IDMTARIKTUNAI) and what the rail is told.
      code text NOT NULL,
      rail_code text NOT NULL,
      kode_produk text NOT NULL,
      account_type text NOT NULL CHECK (account_type IN ('NORMAL', 'VA')),
      account_number text NOT NULL,
      account_name text NOT NULL,
      product_name text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      admin_fee bigint NOT NULL CHECK (admin_fee >= 0),
      note text NOT NULL DEFAULT '',
      sender_name text NOT NULL DEFAULT '',
      purpose text NOT NULL DEFAULT '',
      checksum text NOT NULL,
      uuid_user text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      otp_requests integer NOT NULL DEFAULT 0,
      paid_at timestamptz,
      -- sha256 of the first payment requests fields, a replay must match it.
      payment_fingerprint text
    );
    CREATE INDEX withdraw_inquiries_agent_idx ON withdraw_inquiries (agent_id, environment, created_at DESC);

    CREATE TABLE withdraw_otps (
      id bigserial PRIMARY KEY,
      public_id text NOT NULL UNIQUE,
      inquiry_id bigint NOT NULL REFERENCES withdraw_inquiries(id),
      user_id bigint NOT NULL REFERENCES users(id),
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      wrong_tries integer NOT NULL DEFAULT 0,
      used_at timestamptz,
      -- A newer OTP for the same inquiry replaces this one.
      superseded_at timestamptz
    );
    CREATE INDEX withdraw_otps_inquiry_idx ON withdraw_otps (inquiry_id, id DESC);

    CREATE TABLE rail_submissions (
      id bigserial PRIMARY KEY,
      transaction_id bigint NOT NULL UNIQUE REFERENCES transactions(id),
      inquiry_id bigint REFERENCES withdraw_inquiries(id),
      rail text NOT NULL CHECK (rail IN ('BANK', 'EWALLET', 'RETAIL')),
      -- SEND: the rail has not accepted it yet, POLL: accepted, waiting for a final status, DONE.
      state text NOT NULL CHECK (state IN ('SEND', 'POLL', 'DONE')),
      reference text NOT NULL UNIQUE,
      rail_code text NOT NULL,
      account_type text NOT NULL,
      account_number text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      -- The pending ledger transfers this submission resolves (amount, then the fee if any).
      pending_transfer_ids text NOT NULL,
      rail_reference text,
      -- Retail: the bilingual how-to-collect note {id, en}, rail answers for diagnosis.
      detail jsonb,
      attempts integer NOT NULL DEFAULT 0,
      next_check_at timestamptz NOT NULL,
      claimed_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX rail_submissions_due_idx ON rail_submissions (next_check_at) WHERE state <> 'DONE';
  `,
  );
}
