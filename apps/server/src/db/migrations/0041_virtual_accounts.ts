import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Virtual accounts (spec 03 §3.1): issued VAs (the reserved list), bills and payments on them,
 * and the creation requests, single or from a bulk upload. docs/data-model.md describes the columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE virtual_accounts (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      kodebank text NOT NULL,
      namabank text NOT NULL,
      customer_id text NOT NULL,
      nama_pemilik text NOT NULL,
      va_number text NOT NULL,
      nama_pemilik_va text NOT NULL,
      partner_reff_id text,
      bill_type text NOT NULL DEFAULT 'open' CHECK (bill_type IN ('open', 'close', 'close_recurring')),
      amount bigint CHECK (amount IS NULL OR amount > 0),
      -- 0 not active, 1 active.
      status integer NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
      expired_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_date date NOT NULL,
      UNIQUE (environment, kodebank, va_number)
    );
    CREATE INDEX virtual_accounts_agent_bank_idx ON virtual_accounts (agent_id, environment, kodebank, created_date DESC, id DESC);
    CREATE INDEX virtual_accounts_agent_date_idx ON virtual_accounts (agent_id, environment, created_date DESC, id DESC);

    CREATE TABLE va_bills (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      kodebank text NOT NULL,
      namabank text NOT NULL,
      virtual_account_no text NOT NULL,
      id_outlet text,
      -- o open, c close.
      bill_type text NOT NULL CHECK (bill_type IN ('o', 'c')),
      -- 0 New, 1 Payment, 2 Failed.
      transaction_type integer NOT NULL DEFAULT 0 CHECK (transaction_type IN (0, 1, 2)),
      created_time timestamptz NOT NULL DEFAULT now(),
      created_date date NOT NULL,
      expired_time timestamptz,
      payment_time timestamptz,
      customer_name text NOT NULL,
      amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      amount_origin bigint NOT NULL DEFAULT 0 CHECK (amount_origin >= 0),
      admin bigint NOT NULL DEFAULT 0 CHECK (admin >= 0),
      partner_reff text,
      biller_reff text,
      url_payment text,
      id_transaksi text
    );
    CREATE INDEX va_bills_agent_bank_idx ON va_bills (agent_id, environment, kodebank, created_date DESC, id DESC);
    CREATE INDEX va_bills_agent_date_idx ON va_bills (agent_id, environment, created_date DESC, id DESC);

    CREATE TABLE va_requests (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint REFERENCES users(id),
      username text NOT NULL,
      group_name text,
      date_created timestamptz NOT NULL DEFAULT now(),
      created_date date NOT NULL,
      date_complete timestamptz,
      amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      partner_reff text,
      customer_id text NOT NULL,
      customer_name text NOT NULL,
      customer_phone text,
      customer_email text,
      nova text,
      kodebank text NOT NULL,
      expired timestamptz,
      -- 1 COMPLETED, 2 FAILED, anything else PROCESS (0).
      status integer NOT NULL DEFAULT 0,
      bill_type text NOT NULL DEFAULT 'open' CHECK (bill_type IN ('open', 'close', 'close_recurring')),
      send_mail boolean NOT NULL DEFAULT false,
      description text
    );
    CREATE INDEX va_requests_agent_date_idx ON va_requests (agent_id, environment, created_date DESC, id DESC);
  `,
  );
}
