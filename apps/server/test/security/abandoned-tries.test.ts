import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_PASSWORD_RULE } from '../../src/modules/account/own-password';
import { PENDING_TRY_MS, releaseAbandonedTries, reserveTry } from '../../src/platform/guess-budget';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { bankInquiry, offsetToWib } from '../withdraw/factory';

/**
 * A process killed while it compares a password leaves its reserved try behind. That try must not
 * count as a wrong guess for the whole window (the bank test found right passwords refused with
 * 429 after a few kills): it stops counting once no request can still be behind it, and a
 * starting process gives such tries back at once.
 */
describe.each(testDatabases())('abandoned guess tries on %s', (kind) => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
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

  /** Tries reserved and never finished: what a killed process leaves. */
  async function leavePending(n: number) {
    for (let i = 0; i < n; i++) {
      const r = await reserveTry(t.services.db, OWN_PASSWORD_RULE, userId, t.services.now());
      expect(r.ok).toBe(true);
    }
  }

  it('pending tries hold the budget while a request may be behind them, then stop counting', async () => {
    const c = await t.loginAs('partner@demo.id', { lang: 'en' });
    await leavePending(5);
    // While they may still be compared, the budget is spent: refused without comparing.
    const refused = await c.post('/transaction/cashout_inquiry', bankInquiry());
    expect(refused.rc).toBe('429');
    t.clock.advance(PENDING_TRY_MS + 1_000);
    const after = await c.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ password: DEMO_PASSWORD }),
    );
    expect(after.rc, after.rd).toBe('00');
  });

  it('a starting process gives every pending try back at once; a wrong guess stays counted', async () => {
    const c = await t.loginAs('partner@demo.id', { lang: 'en' });
    const wrong = await c.post('/transaction/cashout_inquiry', bankInquiry({ password: 'nope' }));
    expect(wrong.rd).toBe('Wrong account password.');
    // With one wrong guess counted, four pending tries spend the rest of the budget.
    await leavePending(4);
    expect((await c.post('/transaction/cashout_inquiry', bankInquiry())).rc).toBe('429');
    expect(await releaseAbandonedTries(t.services.db)).toBe(4);
    const tries = await t.services.db
      .selectFrom('guess_tries')
      .select(['failed_at'])
      .where('scope', '=', OWN_PASSWORD_RULE.scope)
      .execute();
    expect(tries).toHaveLength(1);
    expect(tries[0]?.failed_at).not.toBeNull();
    const ok = await c.post('/transaction/cashout_inquiry', bankInquiry());
    expect(ok.rc, ok.rd).toBe('00');
  });
});
