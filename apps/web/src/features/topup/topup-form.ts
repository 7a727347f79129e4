import { topupFormSchema } from '@gerbang/shared/contract/topup';
import { requestResolver } from '../../lib/forms/spec-form';

export interface TopupForm {
  kodeBank: string;
  /** Digits only. */
  nominal: string;
  password: string;
  captcha: string;
}

export const EMPTY_TOPUP_FORM: TopupForm = { kodeBank: '', nominal: '', password: '', captcha: '' };

/** The manual top-up form checked with the shared top-up request plus the captcha and bounds. */
export const topupResolver = (isTestUser: boolean) =>
  requestResolver<TopupForm>(
    () => topupFormSchema(isTestUser),
    (form) => ({
      kodeBank: form.kodeBank,
      nominal: Number(form.nominal || '0'),
      password: form.password,
      recaptcha: form.captcha,
    }),
  );
