/**
 * The fields the withdraw and domestic-transfer forms share (one destination in Indonesia, its
 * amount and the account password), and the inquiry body they make of them: `code` names a bank
 * or retail product, `produk` an e-wallet, whichever the form's type chose.
 */
export interface PayoutFormFields {
  /** Bank code or retail product code (the e-wallet type leaves it out). */
  code: string;
  accountKind: 'NORMAL' | 'VA';
  /** As shown: digits grouped with dashes. */
  number: string;
  /** Digits only. */
  amount: string;
  password: string;
  ewallet: string;
  captcha: string;
}

export const EMPTY_PAYOUT_FIELDS: PayoutFormFields = {
  code: '',
  accountKind: 'NORMAL',
  number: '',
  amount: '',
  password: '',
  ewallet: '',
  captcha: '',
};

export function inquiryBody(form: PayoutFormFields, ewallet: boolean) {
  return {
    code: ewallet ? '' : form.code,
    number: form.number,
    nominal: String(Number(form.amount || '0')),
    password: form.password,
    produk: form.ewallet,
    recaptcha: form.captcha,
  };
}
