import { simulatorPayFormSchema } from '@gerbang/shared/contract/payins';
import { describe, expect, it } from 'vitest';
import { firstFieldError, requestResolver } from '../../lib/forms/spec-form';

const valid = { channel: 'va', number: '8808123456789', amount: 50_000 as number | '' };
async function first(form: Partial<typeof valid>) {
  // Values as the form holds them (an empty amount), checked with the shared schema.
  const resolve = requestResolver<typeof valid>(
    () => simulatorPayFormSchema,
    (values) => values,
  );
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
