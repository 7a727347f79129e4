import { loginFormSchema } from '@gerbang/shared/contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { firstFieldError } from '../../lib/forms/spec-form';

const valid = { username: 'merchant', password: 'secret', captcha: 'solved' };
async function first(form: Partial<typeof valid>) {
  const result = await zodResolver(loginFormSchema)({ ...valid, ...form }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return firstFieldError(result.errors);
}

describe('login form: the first message in spec 01 §5 order, under its field', () => {
  it('username, password, captcha', async () => {
    expect(await first({ username: ' ', password: '', captcha: '' })).toEqual({
      field: 'username',
      message: 'auth.enterUsername',
    });
    expect(await first({ password: '', captcha: '' })).toEqual({
      field: 'password',
      message: 'auth.enterPassword',
    });
    expect(await first({ captcha: '' })).toEqual({
      field: 'captcha',
      message: 'auth.submitCaptcha',
    });
    expect(await first({})).toBeNull();
  });
});
