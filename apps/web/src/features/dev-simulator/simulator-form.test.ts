import { simulatorPayFormSchema } from '@gerbang/shared/contract/payins';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { firstFieldError } from '../../lib/forms/spec-form';

const valid = { channel: 'va', number: '8808123456789', amount: 50_000 as number | '' };
async function first(form: Partial<typeof valid>) {
  // Values as a form holds them (an empty amount, any text), not yet the request's types.
  const resolve = zodResolver(simulatorPayFormSchema as never) as Resolver<typeof valid>;
  const result = await resolve({ ...valid, ...form }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return firstFieldError(result.errors);
}

describe('simulator pay form: the first message in the server order (channel, number, amount)', () => {
  it('number before amount, under its field', async () => {
    expect(await first({ number: '  ', amount: '' })).toEqual({
      field: 'number',
      message: 'payins.simulator.enterNumber',
    });
    expect(await first({ amount: '' })).toEqual({
      field: 'amount',
      message: 'payins.simulator.enterAmount',
    });
    expect(await first({ amount: 0 })).toEqual({
      field: 'amount',
      message: 'payins.simulator.enterAmount',
    });
    expect(await first({ channel: 'nope', number: '' })).toEqual({
      field: 'channel',
      message: 'payins.simulator.chooseChannel',
    });
    expect(await first({})).toBeNull();
  });
});
