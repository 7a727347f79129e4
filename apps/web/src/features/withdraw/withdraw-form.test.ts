import { describe, expect, it } from 'vitest';
import { firstProblemOf } from '../../lib/forms/spec-form';
import { EMPTY_FORM, type WithdrawForm, withdrawResolver } from './withdraw-form';

const valid: WithdrawForm = {
  ...EMPTY_FORM,
  type: 'bank',
  code: '014',
  number: '1234-5678',
  amount: '50000',
  password: 'secret',
  captcha: 'solved',
};
const problem = (form: Partial<WithdrawForm>, isTestUser = false) =>
  firstProblemOf(withdrawResolver(isTestUser), { ...valid, ...form });

describe('withdraw form: the first message in spec 02 §5 order', () => {
  it('bank, number, amount, password, captcha — the earliest broken rule wins', async () => {
    const allEmpty = { code: '', number: '', amount: '', password: '', captcha: '' };
    expect(await problem(allEmpty)).toBe('withdraw.chooseBank');
    expect(await problem({ ...allEmpty, code: '014' })).toBe('withdraw.enterAccountNumber');
    expect(await problem({ number: '  ', amount: '0', password: '' })).toBe(
      'withdraw.enterAccountNumber',
    );
    expect(await problem({ amount: '0', password: '', captcha: '' })).toBe('withdraw.enterAmount');
    expect(await problem({ password: '', captcha: '' })).toBe('withdraw.enterPassword');
    expect(await problem({ captcha: '' })).toBe('withdraw.fillCaptcha');
    expect(await problem({})).toBeNull();
  });

  it('a test session skips the captcha', async () => {
    expect(await problem({ captcha: '' }, true)).toBeNull();
  });

  it('the e-wallet type asks for the e-wallet after the password, not for a bank', async () => {
    const ewallet = { type: 'ewallet' as const, code: '', ewallet: '' };
    expect(await problem({ ...ewallet, password: '', captcha: '' })).toBe('withdraw.enterPassword');
    expect(await problem({ ...ewallet, captcha: '' })).toBe('withdraw.chooseEwallet');
    expect(await problem({ ...ewallet, ewallet: 'OVO', captcha: '' })).toBe('withdraw.fillCaptcha');
  });

  it('a favourite carries its bank: without one, the bank message comes first', async () => {
    expect(await problem({ type: 'favourite', code: '', number: '' })).toBe('withdraw.chooseBank');
    expect(await problem({ type: 'favourite', ewallet: 'OVO', code: 'OVO' })).toBeNull();
  });
});
