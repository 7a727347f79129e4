import { translate } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * Spec 02 §1: an unactivated business (newbiz) gets the activation message from the
 * money calls — withdraw, domestic transfer, top-up, bulk VA — in its language, and nothing moves.
 */
describe.each(testDatabases())('activation on %s', (kind) => {
  let t: TestApp;
  let newbizId: TestClient;
  let newbizEn: TestClient;
  let partner: TestClient;

  const calls: Array<{
    name: string;
    run: (c: TestClient) => Promise<{ rc: string; rd: string }>;
  }> = [
    {
      name: 'withdraw inquiry',
      run: (c) =>
        c.post('/transaction/cashout_inquiry', {
          code: '014',
          number: '1234567890',
          nominal: '50.000',
        }),
    },
    { name: 'withdraw OTP', run: (c) => c.post('/transaction/create_otp', {}) },
    { name: 'withdraw payment', run: (c) => c.post('/transaction/cashout_payment', {}) },
    { name: 'top-up bank list', run: (c) => c.get('/data/bank_list') },
    { name: 'top-up', run: (c) => c.post('/transaction/topup', {}) },
    { name: 'bulk VA check', run: (c) => c.post('/transaction/va_bulk_check', {}) },
  ];

  beforeAll(async () => {
    t = await createTestApp(kind);
    newbizId = await t.loginAs('newbiz@demo.id', { lang: 'id' });
    newbizEn = await t.loginAs('newbiz@demo.id', { lang: 'en' });
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the session says the business is not activated', async () => {
    const me = await newbizEn.post('/auth/datauser', {});
    expect(me.data.business_status).toBe(1);
  });

  it.each(calls.map((c) => [c.name, c] as const))(
    '%s answers the activation message',
    async (_n, call) => {
      const id = await call.run(newbizId);
      expect(id.rc).toBe('403');
      expect(id.rd).toBe(translate('id', 'common.activationNotice'));
      const en = await call.run(newbizEn);
      expect(en.rc).toBe('403');
      expect(en.rd).toBe(translate('en', 'common.activationNotice'));
    },
  );

  it('an activated business is not given the activation message', async () => {
    for (const call of calls) {
      const res = await call.run(partner);
      expect(res.rd, call.name).not.toBe(translate('en', 'common.activationNotice'));
    }
  });

  it('nothing was written for the unactivated business', async () => {
    const agent = await t.services.db
      .selectFrom('agents')
      .innerJoin('users', 'users.agent_id', 'agents.id')
      .select('agents.id')
      .where('users.username', '=', 'newbiz@demo.id')
      .executeTakeFirstOrThrow();
    const rows = await t.services.db
      .selectFrom('transactions')
      .select('id')
      .where('agent_id', '=', agent.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
