import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate';
import { CREDENTIAL_OTP } from '../../src/modules/credentials/otp';
import { WITHDRAW_OTP } from '../../src/modules/withdraw/otp';
import {
  checkOtp,
  currentOtp,
  matchesUsedOtp,
  otpByPublicId,
} from '../../src/platform/otp/challenges';
import { createPostgresDatabase, testDatabases } from '../helpers/databases';

/**
 * Migration 0150 moves the rows of the three old OTP tables into `otp_challenges`: on a database
 * migrated to just before it, OTPs written the old way (their old HMAC inputs) are still checked
 * right after the move, a used one still answers a replay, and a credential OTP keeps the wrong
 * codes its guess budget had counted.
 */
const SECRET = 'migration-test-secret';
const hmac = (input: string) => createHmac('sha256', SECRET).update(input).digest('hex');

describe.each(testDatabases())('migration 0150 (otp_challenges) on %s', (kind) => {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  const now = new Date('2026-11-27T03:00:00Z');
  const ids = { agent: 0, user: 0, inquiry: 0 };

  beforeAll(async () => {
    const pg = kind === 'postgres' ? await createPostgresDatabase('gerbang_otp_mig') : null;
    drop = pg?.drop;
    handle = await connectDatabase({ databaseUrl: pg?.url ?? null, dataDir: 'memory://' });
    const db = handle.db;
    await migrateUpTo(db, '0145_snap');
    const agent = await sql<{ id: number }>`
      INSERT INTO agents (username, nama_agen, email, id_grup, user_type)
      VALUES ('mig', 'Mig', 'mig@demo.id', 1, 'Business') RETURNING id`.execute(db);
    ids.agent = agent.rows[0].id;
    const user = await sql<{ id: number }>`
      INSERT INTO users (agent_id, username, nama, password_hash)
      VALUES (${ids.agent}, 'mig@demo.id', 'Mig', 'x') RETURNING id`.execute(db);
    ids.user = user.rows[0].id;
    const inquiry = await sql<{ id: number }>`
      INSERT INTO withdraw_inquiries (id_transaksi, agent_id, environment, user_id, kind, code,
        rail_code, kode_produk, account_type, account_number, account_name, product_name, amount,
        admin_fee, checksum, uuid_user, created_at, expires_at)
      VALUES ('WD1', ${ids.agent}, 'sandbox', ${ids.user}, 'BANK', '014', '014', 'BCA', 'NORMAL',
        '123', 'A', 'BCA', 10000, 0, 'c', 'u', ${now}, ${new Date(now.getTime() + 900_000)})
      RETURNING id`.execute(db);
    ids.inquiry = inquiry.rows[0].id;
    const soon = new Date(now.getTime() + 600_000);
    await sql`
      INSERT INTO withdraw_otps (public_id, inquiry_id, user_id, code_hash, created_at,
        expires_at, wrong_tries, used_at, superseded_at)
      VALUES
        ('old-wd', ${ids.inquiry}, ${ids.user}, ${hmac('withdraw-otp-v1|old-wd|111111')}, ${now},
          ${soon}, 0, NULL, ${now}),
        ('live-wd', ${ids.inquiry}, ${ids.user}, ${hmac('withdraw-otp-v1|live-wd|222222')}, ${now},
          ${soon}, 1, NULL, NULL)`.execute(db);
    const credentialHash = hmac(`credential-otp-v1|cred-1|${ids.user}|pin|333333`);
    await sql`
      INSERT INTO credential_otps (id_otp, user_id, agent_id, environment, action, code_hash,
        email, expires_at, used_at, created_at)
      VALUES ('cred-1', ${ids.user}, ${ids.agent}, 'production', 'pin', ${credentialHash},
        'mig@demo.id', ${soon}, NULL, ${now})`.execute(db);
    await sql`
      INSERT INTO guess_tries (scope, key, created_at, failed_at)
      VALUES ('credential_otp', 'cred-1', ${now}, ${now}),
        ('credential_otp', 'cred-1', ${now}, ${now})`.execute(db);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it('moves the withdraw OTPs: the live one checks with its old hash, the replaced one stays replaced', async () => {
    const db = handle.db;
    const live = await currentOtp(db, WITHDRAW_OTP, String(ids.inquiry));
    expect(live).toMatchObject({
      public_id: 'live-wd',
      user_id: ids.user,
      environment: 'sandbox',
      wrong_tries: 1,
      superseded_at: null,
    });
    if (!live) throw new Error('missing');
    expect(await checkOtp(db, SECRET, WITHDRAW_OTP, live, '222222', now)).toEqual({
      ok: true,
      otpId: live.id,
    });
    const old = await otpByPublicId(db, WITHDRAW_OTP, 'old-wd');
    expect(old?.superseded_at).not.toBeNull();
    await sql`UPDATE otp_challenges SET used_at = ${now} WHERE id = ${live.id}`.execute(db);
    const subject = String(ids.inquiry);
    expect(await matchesUsedOtp(db, SECRET, WITHDRAW_OTP, subject, '222222')).toBe(true);
  });

  it('moves the credential OTP with its counted wrong codes; the old tables are gone', async () => {
    const db = handle.db;
    const otp = await otpByPublicId(db, CREDENTIAL_OTP, 'cred-1');
    expect(otp).toMatchObject({ subject: 'pin', user_id: ids.user, wrong_tries: 2 });
    if (!otp) throw new Error('missing');
    const wrong = await checkOtp(db, SECRET, CREDENTIAL_OTP, otp, '000000', now);
    expect(wrong).toMatchObject({ ok: false, reason: 'wrong', wrongTries: 3 });
    const right = await checkOtp(db, SECRET, CREDENTIAL_OTP, otp, '333333', now);
    expect(right.ok).toBe(true);
    const budget = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM guess_tries WHERE scope = 'credential_otp'`.execute(db);
    expect(budget.rows[0].n).toBe(0);
    const tables = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_name IN ('withdraw_otps', 'remittance_otps', 'credential_otps')`.execute(db);
    expect(tables.rows).toEqual([]);
  });

  it('goes back down: the old tables return with their rows', async () => {
    const db = handle.db;
    await migrateUpTo(db, '0145_snap');
    const withdraw = await sql<{ public_id: string }>`
      SELECT public_id FROM withdraw_otps ORDER BY id`.execute(db);
    expect(withdraw.rows.map((r) => r.public_id)).toEqual(['old-wd', 'live-wd']);
    const credential = await sql<{ action: string }>`SELECT action FROM credential_otps`.execute(
      db,
    );
    expect(credential.rows).toEqual([{ action: 'pin' }]);
    await migrateToLatest(db);
  });
});
