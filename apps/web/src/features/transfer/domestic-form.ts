import { domesticFormSchema } from '@gerbang/shared/contract/transfer';
import { requestResolver } from '../../lib/forms/spec-form';

export type DomesticTab = 'bank' | 'ewallet' | 'retail';

export interface DomesticForm {
  tab: DomesticTab;
  code: string;
  accountKind: 'NORMAL' | 'VA';
  number: string;
  amount: string;
  password: string;
  ewallet: string;
  note: string;
  captcha: string;
}

export const EMPTY_DOMESTIC_FORM: DomesticForm = {
  tab: 'bank',
  code: '',
  accountKind: 'NORMAL',
  number: '',
  amount: '',
  password: '',
  ewallet: '',
  note: '',
  captcha: '',
};

/**
 * The domestic form checked with the shared inquiry request (spec 02 §5 rules 1–7): bank and
 * retail tabs name a code, the e-wallet tab an e-wallet; then digits and hyphens only.
 */
export const domesticResolver = (isTestUser: boolean) =>
  requestResolver<DomesticForm>(
    (form) => domesticFormSchema(form.tab === 'ewallet' ? 'ewallet' : 'cashout', isTestUser),
    (form) => ({
      code: form.tab === 'ewallet' ? '' : form.code,
      number: form.number,
      nominal: String(Number(form.amount || '0')),
      password: form.password,
      produk: form.ewallet,
      note: form.note,
      recaptcha: form.captcha,
      type_inq: 'domestic',
    }),
  );
