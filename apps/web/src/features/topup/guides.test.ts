import { translate } from '@gerbang/shared';
import { TOPUP_GUIDE_BANK_CODES } from '@gerbang/shared/contract/topup';
import { describe, expect, it } from 'vitest';
import { BANK_GUIDES, guideSteps, methodsOf } from '../../lib/bank-guides';
import { firstProblemOf } from '../../lib/forms/spec-form';
import { countdown } from './countdown';
import { type TopupForm, topupResolver } from './topup-form';

describe('top-up bank guides', () => {
  it('has ATM / mobile / internet steps for every bank spec 02 §9 lists, in both languages', () => {
    expect(TOPUP_GUIDE_BANK_CODES).toHaveLength(13);
    for (const code of TOPUP_GUIDE_BANK_CODES) {
      const guide = BANK_GUIDES[code];
      expect(guide, code).toBeDefined();
      if (!guide) continue;
      const methods = methodsOf(guide);
      expect(methods.length, code).toBeGreaterThan(0);
      for (const method of methods) {
        const steps = guideSteps(guide, method, 'Bank', '8000123');
        expect(steps.length).toBeGreaterThanOrEqual(5);
        for (const step of steps) {
          for (const lang of ['id', 'en'] as const) {
            const key = `topup.guide.steps.${step.key}`;
            expect(translate(lang, key, step.vars), `${lang} ${key}`).not.toBe(key);
          }
        }
      }
    }
  });

  it('asks for the Mandiri (87827) and BSI (9001062) company codes', () => {
    const mandiri = guideSteps(BANK_GUIDES['008'] ?? {}, 'atm', 'Bank Mandiri', '8782700010000000');
    expect(mandiri).toContainEqual({ key: 'companyCode', vars: { code: '87827' } });
    const bsi = guideSteps(BANK_GUIDES['451'] ?? {}, 'mobile', 'BSI', '9001062001000');
    expect(bsi).toContainEqual({ key: 'companyCode', vars: { code: '9001062' } });
    expect(guideSteps(BANK_GUIDES['014'] ?? {}, 'atm', 'BCA', '1').map((s) => s.key)).not.toContain(
      'companyCode',
    );
  });
});

describe('top-up form', () => {
  const base: TopupForm = { kodeBank: '014', nominal: '50000', password: 'x', captcha: 'c' };
  const problem = (form: Partial<TopupForm>, isTestUser = false) =>
    firstProblemOf(topupResolver(isTestUser), { ...base, ...form });
  it('reports the first problem in spec 02 §5 order', async () => {
    expect(await problem({ kodeBank: '', nominal: '', password: '' })).toBe('topup.chooseBank');
    expect(await problem({ nominal: '0', password: '' })).toBe('topup.enterNominal');
    expect(await problem({ password: '', captcha: '' })).toBe('topup.enterPassword');
    expect(await problem({ captcha: '' })).toBe('topup.fillCaptcha');
    expect(await problem({ captcha: '' }, true)).toBeNull();
    expect(await problem({ nominal: '5000' })).toBe('topup.minAmount');
    // The bounds come after every emptiness rule, the captcha included.
    expect(await problem({ nominal: '5000', captcha: '' })).toBe('topup.fillCaptcha');
    expect(await problem({ nominal: '5000', password: '' })).toBe('topup.enterPassword');
    expect(await problem({})).toBeNull();
  });

  it('counts down to the expiry and stops at 00:00:00', () => {
    const now = new Date('2026-11-24T03:00:00Z');
    expect(countdown(new Date(now.getTime() + 3 * 3_600_000 - 1_000), now)).toBe('02:59:59');
    expect(countdown(new Date(now.getTime() - 5_000), now)).toBe('00:00:00');
  });
});
