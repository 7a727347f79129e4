import { findPayinChannel } from '@gerbang/shared/domain/payin-channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import type { Services } from '../../src/http/services';
import { allRoutes } from '../../src/modules';
import { percentOf } from '../../src/modules/payins/pricing';
import { parseQris } from '../../src/modules/payins/qris';
import { simulateIssue } from '../../src/modules/payins/simulator-issue';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, balances, expectLedgerClean, PARTNER, TUESDAY_10_WIB } from './factory';

/** The catalog's fee for a channel (the demo seed's pricing rows charge the same). */
function catalogFee(code: string, amount: number): number {
  const channel = findPayinChannel(code);
  if (!channel) throw new Error(`no channel ${code}`);
  return channel.adminFee + percentOf(amount, channel.adminFeePercent) + channel.serviceFee;
}

/**
 * The simulator's demo-only issuing call `POST /dev/simulator/issue`: it issues through the pay-in
 * block for an agent named by username, and what it answers is payable with `/dev/simulator/pay`
 * exactly as the answer says; bad input is refused with a translated message, and production has
 * neither the route nor a working function.
 */
describe.each(testDatabases())('simulator issuing on %s', (kind) => {
  let t: TestApp;
  let payer: TestClient;
  let agentId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    payer = t.client({ lang: 'en' });
    agentId = await agentIdOf(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const issue = (body: Record<string, unknown>) => payer.post('/dev/simulator/issue', body);
  const pay = (body: Record<string, unknown>) => payer.post('/dev/simulator/pay', body);

  it('issues an open VA that takes any amount, net of the catalog fee, into held', async () => {
    const res = await issue({ channel: '014', agent: PARTNER });
    expect(res.rc, res.rd).toBe('00');
    expect(res.rd).toBe('Bill issued');
    expect(res.data).toMatchObject({
      channel: '014',
      pay_channel: 'va',
      amount: null,
      expires_at: null,
    });
    expect(res.data.number).toMatch(/^8014\d{12}$/);
    const va = await t.services.db
      .selectFrom('virtual_accounts')
      .select(['agent_id', 'bill_type', 'environment'])
      .where('va_number', '=', res.data.number)
      .executeTakeFirstOrThrow();
    expect(va).toEqual({ agent_id: agentId, bill_type: 'open', environment: 'production' });

    const before = await balances(t, agentId);
    for (const amount of [125_000, 80_000]) {
      const paid = await pay({ channel: 'va', number: res.data.number, amount });
      expect(paid.rc, paid.rd).toBe('00');
      expect(paid.data).toMatchObject({ status: 'SUCCESS', outcome: 'held' });
    }
    const after = await balances(t, agentId);
    expect(after.held - before.held).toBe(
      125_000 - catalogFee('014', 125_000) + 80_000 - catalogFee('014', 80_000),
    );
    await expectLedgerClean(t);
  });

  it('issues a close VA with an amount: only that amount pays it, once', async () => {
    const res = await issue({ channel: '008', agent: PARTNER, amount: 150_000 });
    expect(res.rc, res.rd).toBe('00');
    expect(res.data).toMatchObject({ pay_channel: 'va', amount: 150_000 });
    // A day from the server's clock (which runs on from TUESDAY_10_WIB).
    const validFor = new Date(res.data.expires_at).getTime() - t.services.now().getTime();
    expect(validFor).toBeGreaterThan(86_400_000 - 60_000);
    expect(validFor).toBeLessThanOrEqual(86_400_000);

    const wrong = await pay({ channel: 'va', number: res.data.number, amount: 149_000 });
    expect(wrong.rc).toBe('01');
    expect(wrong.data).toMatchObject({ status: 'REFUSED', reason: 'AMOUNT_MISMATCH' });
    const right = await pay({ channel: 'va', number: res.data.number, amount: 150_000 });
    expect(right.rc, right.rd).toBe('00');
    const again = await pay({ channel: 'va', number: res.data.number, amount: 150_000 });
    expect(again.rc).toBe('01');
  });

  it('issues a dynamic QRIS payload for the amount, payable by its text', async () => {
    const res = await issue({ channel: 'QRIS', agent: PARTNER, amount: 100_000 });
    expect(res.rc, res.rd).toBe('00');
    expect(res.data).toMatchObject({ pay_channel: 'qris', amount: 100_000 });
    const parsed = parseQris(res.data.number);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.qris).toMatchObject({ dynamic: true, amount: 100_000 });

    const before = await balances(t, agentId);
    const paid = await pay({ channel: 'qris', number: res.data.number, amount: 100_000 });
    expect(paid.rc, paid.rd).toBe('00');
    const after = await balances(t, agentId);
    expect(after.held - before.held).toBe(100_000 - catalogFee('QRIS', 100_000));
  });

  it('issues a retail code and an e-wallet checkout, each payable once', async () => {
    for (const [channel, payChannel] of [
      ['ALFAMART', 'retail'],
      ['PAYOVO', 'ewallet'],
    ] as const) {
      const res = await issue({ channel, agent: PARTNER, amount: 60_000 });
      expect(res.rc, res.rd).toBe('00');
      expect(res.data.pay_channel).toBe(payChannel);
      const paid = await pay({ channel: payChannel, number: res.data.number, amount: 60_000 });
      expect(paid.rc, paid.rd).toBe('00');
      const twice = await pay({ channel: payChannel, number: res.data.number, amount: 60_000 });
      expect(twice.data).toMatchObject({ status: 'REFUSED', reason: 'ALREADY_PAID' });
    }
    await expectLedgerClean(t);
  });

  it('refuses bad input with a translated message and issues nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('virtual_accounts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ channel: '014', agent: 'nobody@demo.id' }, 'No agent with this username was found'],
      [{ channel: 'XYZ', agent: PARTNER }, 'Unknown payment channel'],
      [{ channel: 'CREDITCARD', agent: PARTNER, amount: 50_000 }, 'Unknown payment channel'],
      [{ channel: 'QRIS', agent: PARTNER }, 'Enter an amount greater than 0'],
      [{ channel: '014', agent: PARTNER, amount: -5 }, 'Enter an amount greater than 0'],
      [{ agent: PARTNER }, 'Choose a payment channel of the catalog'],
      [{ channel: '014' }, "Enter the agent's username"],
    ];
    for (const [body, rd] of cases) {
      const res = await issue(body);
      expect(res.rc, JSON.stringify(body)).toBe('400');
      expect(res.rd).toBe(rd);
    }
    const id = await t.client({ lang: 'id' }).post('/dev/simulator/issue', {
      channel: '014',
      agent: 'nobody@demo.id',
    });
    expect(id.rd).toBe('Agen dengan username ini tidak ditemukan');
    expect(await count()).toBe(before);
  });

  it('is not there in production, and the function refuses there too', async () => {
    expect(allRoutes({ mode: 'production' }).map((r) => r.url)).not.toContain(
      '/dev/simulator/issue',
    );
    expect(allRoutes({ mode: 'demo' }).map((r) => r.url)).toContain('/dev/simulator/issue');
    const production: Services = {
      ...t.services,
      config: { ...t.services.config, mode: 'production' } as Config,
    };
    await expect(
      simulateIssue(production, { channel: '014', agent: PARTNER, environment: 'production' }),
    ).rejects.toMatchObject({ rc: '403', messageKey: 'payins.simulator.productionRefused' });
  });
});
