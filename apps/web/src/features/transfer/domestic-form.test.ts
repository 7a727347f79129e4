import { describe, expect, it } from 'vitest';
import { firstProblemOf } from '../../lib/forms/spec-form';
import { type DomesticForm, domesticResolver, EMPTY_DOMESTIC_FORM } from './domestic-form';

const valid: DomesticForm = {
  ...EMPTY_DOMESTIC_FORM,
  code: '014',
  number: '1234-5678',
  amount: '50000',
  password: 'secret',
  captcha: 'solved',
};
const problem = (form: Partial<DomesticForm>, isTestUser = false) =>
  firstProblemOf(domesticResolver(isTestUser), { ...valid, ...form });

describe('domestic transfer form: the first message in spec 02 §5 order (rules 1–7)', () => {
  it('bank, number, amount, password, captcha, then digits and hyphens only', async () => {
    const allWrong = { code: '', number: '', amount: '', password: '', captcha: '' };
    expect(await problem(allWrong)).toBe('withdraw.chooseBank');
    expect(await problem({ ...allWrong, code: '014' })).toBe('withdraw.enterAccountNumber');
    expect(await problem({ amount: '', password: '', captcha: '' })).toBe('withdraw.enterAmount');
    expect(await problem({ password: '', captcha: '', number: 'abc' })).toBe(
      'withdraw.enterPassword',
    );
    expect(await problem({ captcha: '', number: 'abc' })).toBe('withdraw.fillCaptcha');
    expect(await problem({ number: 'abc' })).toBe('withdraw.checkAccountNumber');
    expect(await problem({ number: '12 34' })).toBe('withdraw.checkAccountNumber');
    expect(await problem({})).toBeNull();
  });

  it('the e-wallet tab asks for the e-wallet after the password; a test session has no captcha', async () => {
    const ewallet = { tab: 'ewallet' as const, code: '', ewallet: '' };
    expect(await problem({ ...ewallet, password: '' })).toBe('withdraw.enterPassword');
    expect(await problem({ ...ewallet, captcha: '', number: 'x' })).toBe('withdraw.chooseEwallet');
    expect(await problem({ captcha: '' }, true)).toBeNull();
    expect(await problem({ captcha: '', number: 'x' }, true)).toBe('withdraw.checkAccountNumber');
  });

  it('the retail tab names its code like a bank', async () => {
    expect(await problem({ tab: 'retail', code: '', number: '' })).toBe('withdraw.chooseBank');
  });
});
