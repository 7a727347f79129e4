import { OTP_MAX_WRONG_TRIES, OTP_TTL_MS } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOtp,
  consumeOtp,
  currentOtp,
  issueOtp,
  matchesUsedOtp,
  type OtpCheck,
  type OtpPurpose,
  otpByPublicId,
} from '../../src/platform/otp/challenges';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The one OTP module (platform/otp) on its own: tries reserved before the code is compared (so
 * parallel guesses get at most five comparisons and parallel right codes never count as wrong),
 * single use under parallel consumes, a newer OTP replacing the older one, expiry, replays.
 */
const PURPOSE: OtpPurpose = {
  name: 'test',
  hashBindsOwner: true,
  lockedBeforeExpired: true,
  messages: { used: 'used', locked: 'locked', expired: 'expired', wrong: 'wrong' },
};

describe.each(testDatabases())('platform/otp on %s', (kind) => {
  let t: TestApp;
  let userId: number;
  let subjects = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const user = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    userId = user.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const secret = () => t.services.config.sessionSecret;
  const now = () => t.services.now();

  async function issue(purpose = PURPOSE, subject = `subject-${++subjects}`) {
    const issued = await issueOtp(t.services.db, secret(), {
      purpose,
      subject,
      userId,
      environment: 'production',
      now: now(),
    });
    const otp = await otpByPublicId(t.services.db, purpose, issued.publicId);
    if (!otp) throw new Error('issued OTP not found');
    return { ...issued, otp, subject };
  }
  const wrongOf = (code: string) => (code === '000000' ? '000001' : '000000');
  const triesOf = async (id: number) =>
    (
      await t.services.db
        .selectFrom('otp_challenges')
        .select('wrong_tries')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).wrong_tries;
  const reasons = (checks: OtpCheck[]) => checks.map((c) => (c.ok ? 'ok' : c.reason));

  it('stores an HMAC, never the code, and expires after OTP_TTL_MS', async () => {
    const { code, otp, expiresAt } = await issue();
    expect(otp.code_hash).not.toContain(code);
    expect(otp.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(code).toMatch(/^\d{6}$/);
    expect(expiresAt.getTime() - new Date(otp.created_at).getTime()).toBe(OTP_TTL_MS);
  });

  it('20 parallel wrong codes: at most 5 compared, then even the right code is locked', async () => {
    const { code, otp } = await issue();
    const checks = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkOtp(t.services.db, secret(), PURPOSE, otp, wrongOf(code), now()),
      ),
    );
    const compared = checks.filter((c) => !c.ok && c.reason === 'wrong');
    expect(compared).toHaveLength(OTP_MAX_WRONG_TRIES);
    // Each count of tries left is answered once: no two requests compared on the same try.
    const left = compared.map((c) => (!c.ok && c.reason === 'wrong' ? c.left : -1));
    expect(new Set(left).size).toBe(left.length);
    expect(Math.min(...left)).toBe(0);
    expect(reasons(checks).filter((r) => r === 'locked')).toHaveLength(20 - OTP_MAX_WRONG_TRIES);
    expect(await triesOf(otp.id)).toBe(OTP_MAX_WRONG_TRIES);
    const right = await checkOtp(t.services.db, secret(), PURPOSE, otp, code, now());
    expect(reasons([right])).toEqual(['locked']);
  });

  it('parallel right codes never count as wrong tries; a parallel consume uses it once', async () => {
    const { code, otp } = await issue();
    const checks = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkOtp(t.services.db, secret(), PURPOSE, otp, code, now()),
      ),
    );
    expect(reasons(checks)).not.toContain('wrong');
    expect(reasons(checks)).toContain('ok');
    expect(await triesOf(otp.id)).toBe(0);
    const consumed = await Promise.all(
      Array.from({ length: 10 }, () => consumeOtp(t.services.db, otp.id, now())),
    );
    expect(consumed.filter(Boolean)).toHaveLength(1);
    const after = await checkOtp(t.services.db, secret(), PURPOSE, otp, code, now());
    expect(reasons([after])).toEqual(['used']);
  });

  it('a wrong code keeps its try, a right one gives its try back', async () => {
    const { code, otp } = await issue();
    const wrong = await checkOtp(t.services.db, secret(), PURPOSE, otp, wrongOf(code), now());
    expect(wrong).toEqual({ ok: false, reason: 'wrong', wrongTries: 1, left: 4 });
    const right = await checkOtp(t.services.db, secret(), PURPOSE, otp, code, now());
    expect(right).toEqual({ ok: true, otpId: otp.id });
    expect(await triesOf(otp.id)).toBe(1);
  });

  it("a new OTP supersedes the subject's live one; another user's or subject's stays", async () => {
    const first = await issue();
    const other = await issue();
    const second = await issue(PURPOSE, first.subject);
    const stale = await checkOtp(t.services.db, secret(), PURPOSE, first.otp, first.code, now());
    expect(reasons([stale])).toEqual(['superseded']);
    expect(await consumeOtp(t.services.db, first.otp.id, now())).toBe(false);
    expect((await currentOtp(t.services.db, PURPOSE, first.subject))?.id).toBe(second.otp.id);
    expect((await currentOtp(t.services.db, PURPOSE, other.subject))?.id).toBe(other.otp.id);
    const fresh = await checkOtp(t.services.db, secret(), PURPOSE, second.otp, second.code, now());
    expect(fresh.ok).toBe(true);
  });

  it('expires: refused without a compared try, not consumable', async () => {
    const { code, otp } = await issue();
    const late = new Date(now().getTime() + OTP_TTL_MS);
    const check = await checkOtp(t.services.db, secret(), PURPOSE, otp, code, late);
    expect(reasons([check])).toEqual(['expired']);
    expect(await triesOf(otp.id)).toBe(0);
    expect(await consumeOtp(t.services.db, otp.id, late)).toBe(false);
  });

  it('a locked and expired OTP answers as its purpose says', async () => {
    const expiredFirst: OtpPurpose = {
      ...PURPOSE,
      name: 'test-expired-first',
      lockedBeforeExpired: false,
    };
    for (const purpose of [PURPOSE, expiredFirst]) {
      const { code, otp } = await issue(purpose);
      for (let i = 0; i < OTP_MAX_WRONG_TRIES; i++) {
        await checkOtp(t.services.db, secret(), purpose, otp, wrongOf(code), now());
      }
      const late = new Date(now().getTime() + OTP_TTL_MS);
      const locked = await otpByPublicId(t.services.db, purpose, otp.public_id);
      if (!locked) throw new Error('missing');
      const check = await checkOtp(t.services.db, secret(), purpose, locked, code, late);
      expect(reasons([check])).toEqual([purpose.lockedBeforeExpired ? 'locked' : 'expired']);
    }
  });

  it("replays: only the code that was used matches, and only the subject's", async () => {
    const { code, otp, subject } = await issue();
    expect(await matchesUsedOtp(t.services.db, secret(), PURPOSE, subject, code)).toBe(false);
    const check = await checkOtp(t.services.db, secret(), PURPOSE, otp, code, now());
    expect(check.ok && (await consumeOtp(t.services.db, check.otpId, now()))).toBe(true);
    expect(await matchesUsedOtp(t.services.db, secret(), PURPOSE, subject, code)).toBe(true);
    expect(await matchesUsedOtp(t.services.db, secret(), PURPOSE, subject, wrongOf(code))).toBe(
      false,
    );
    expect(await matchesUsedOtp(t.services.db, secret(), PURPOSE, 'elsewhere', code)).toBe(false);
    const otherPurpose = { ...PURPOSE, name: 'test-other' };
    expect(await matchesUsedOtp(t.services.db, secret(), otherPurpose, subject, code)).toBe(false);
  });
});
