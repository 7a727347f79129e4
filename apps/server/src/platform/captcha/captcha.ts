import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { safeEqual } from '../session/tokens';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface CaptchaService {
  /** A fresh signed proof-of-work challenge for the altcha widget. */
  challenge(now: Date): Promise<unknown>;
  /**
   * True when `payload` is a valid, unexpired, unused solution, or equals the test key (never in
   * production mode). A solution
   * is spent on first use, so a captured payload cannot be replayed.
   */
  verify(payload: string, opts: { now: Date; allowTestKey: boolean }): Promise<boolean>;
  isTestKey(payload: string): boolean;
}

export function createCaptchaService(
  db: Kysely<Database>,
  secret: string,
  cost: number,
  testModeKey: string | null,
  mode: 'demo' | 'production' | 'test',
): CaptchaService {
  // Defence in depth: production refuses to start with a test key (loadConfig), and even a
  // production config built some other way never accepts one.
  const key = mode === 'production' ? null : testModeKey;
  const isTestKey = (payload: string) =>
    key !== null && payload.length > 0 && safeEqual(payload, key);
  return {
    isTestKey,
    async challenge(now) {
      // The expiry rides in the signed `data`, not in altcha's own `expiresAt`: the library checks
      // that one against the machine clock, and the server's clock (`now`) is what decides here —
      // a pinned test clock or the demo clock would otherwise refuse every fresh challenge.
      return createChallenge({
        algorithm: 'SHA-256',
        cost,
        deriveKey,
        hmacSignatureSecret: secret,
        data: { expiresAt: Math.floor((now.getTime() + CHALLENGE_TTL_MS) / 1000) },
      });
    },
    async verify(payload, { now, allowTestKey }) {
      if (!payload) return false;
      if (isTestKey(payload)) return allowTestKey;
      let decoded: { challenge?: any; solution?: any };
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      if (!decoded?.challenge?.signature || !decoded.solution) return false;
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge: decoded.challenge,
          solution: decoded.solution,
          deriveKey,
          hmacSignatureSecret: secret,
        });
      } catch {
        return false;
      }
      if (!result.verified) return false;
      const expiresAt = Number(decoded.challenge.parameters?.data?.expiresAt);
      if (!Number.isFinite(expiresAt) || expiresAt * 1000 <= now.getTime()) return false;
      const spent = await db
        .insertInto('captcha_spent')
        .values({
          signature: String(decoded.challenge.signature),
          expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
        })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      return spent !== undefined;
    },
  };
}
