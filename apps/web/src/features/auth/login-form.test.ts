import { describe, expect, it } from 'vitest';
import { firstLoginProblem } from './login-form';

const valid = { username: 'merchant', password: 'secret', captcha: 'solved' };
const first = (form: Partial<typeof valid>) => firstLoginProblem({ ...valid, ...form });

describe('login form: the first message in spec 01 §5 order, under its field', () => {
  it('username, password, captcha', async () => {
    const allEmpty = { username: ' ', password: '', captcha: '' };
    expect(await first(allEmpty)).toEqual({ field: 'username', key: 'auth.enterUsername' });
    expect(await first({ password: '', captcha: '' })).toEqual({
      field: 'password',
      key: 'auth.enterPassword',
    });
    expect(await first({ captcha: '' })).toEqual({ field: 'captcha', key: 'auth.submitCaptcha' });
    expect(await first({})).toBeNull();
  });
});
