import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * International remittance (modules/remittance, ADR 006):
 * - `remittance_rates`: the partner's published selling rates, whole rupiah per unit, each valid
 *   from `valid_from` until `valid_until`. Filled on demand from the rail (the simulator moves its
 *   rates a little every period); one row per (currency, valid_from).
 * - `remittance_inquiries`: a checked beneficiary, amounts and the rate used (the quote), valid 15
 *   minutes; the quote itself holds until `rate_valid_until`. Bound by `checksum`, paid once.
 * - `remittance_otps`: the inquiry's e-mailed OTP (the withdraw OTP rules: HMAC, 10 minutes, single
 *   use, 5 wrong tries).
 * - `rail_submissions.rail` also takes REMITTANCE (the payout block drives the partner).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE remittance_rates (
      id bigserial PRIMARY KEY,
      currency text NOT NULL CHECK (currency IN ('PHP', 'INR', 'MYR', 'SGD', 'CNY', 'HKD')),
      selling_rate bigint NOT NULL CHECK (selling_rate > 0),
      valid_from timestamptz NOT NULL,
      valid_until timestamptz NOT NULL CHECK (valid_until > valid_from),
      fetched_at timestamptz NOT NULL,
      UNIQUE (currency, valid_from)
    );
    CREATE INDEX remittance_rates_current_idx ON remittance_rates (currency, valid_until DESC);

    CREATE TABLE remittance_inquiries (
      id bigserial PRIMARY KEY,
      id_transaksi text NOT NULL UNIQUE,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint NOT NULL REFERENCES users(id),
      currency text NOT NULL,
      country_code text NOT NULL,
      bank_id text NOT NULL,
      bank_name text NOT NULL,
      swift_code text NOT NULL,
      account_number text NOT NULL,
      account_name text NOT NULL,
      city text NOT NULL,
      address text NOT NULL,
      id_number_receiver text NOT NULL,
      phone_receiver text NOT NULL DEFAULT '',
      ifs_code text NOT NULL DEFAULT '',
      nationality text NOT NULL DEFAULT '',
      purpose text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      admin_fee bigint NOT NULL CHECK (admin_fee >= 0),
      destination_amount bigint NOT NULL CHECK (destination_amount > 0),
      selling_rate bigint NOT NULL CHECK (selling_rate > 0),
      rate_id bigint NOT NULL REFERENCES remittance_rates(id),
      rate_valid_until timestamptz NOT NULL,
      checksum text NOT NULL,
      uuid_user text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      paid_at timestamptz,
      payment_fingerprint text
    );
    CREATE INDEX remittance_inquiries_agent_idx ON remittance_inquiries (agent_id, environment, id DESC);

    CREATE TABLE remittance_otps (
      id bigserial PRIMARY KEY,
      public_id text NOT NULL UNIQUE,
      inquiry_id bigint NOT NULL REFERENCES remittance_inquiries(id),
      user_id bigint NOT NULL REFERENCES users(id),
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      wrong_tries integer NOT NULL DEFAULT 0,
      used_at timestamptz,
      superseded_at timestamptz
    );
    CREATE INDEX remittance_otps_inquiry_idx ON remittance_otps (inquiry_id);

    ALTER TABLE rail_submissions DROP CONSTRAINT rail_submissions_rail_check;
    ALTER TABLE rail_submissions ADD CONSTRAINT rail_submissions_rail_check
      CHECK (rail IN ('BANK', 'EWALLET', 'RETAIL', 'REMITTANCE'));
    `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE rail_submissions DROP CONSTRAINT rail_submissions_rail_check;
    ALTER TABLE rail_submissions ADD CONSTRAINT rail_submissions_rail_check
      CHECK (rail IN ('BANK', 'EWALLET', 'RETAIL'));
    DROP TABLE remittance_otps;
    DROP TABLE remittance_inquiries;
    DROP TABLE remittance_rates;
    `,
  );
}
