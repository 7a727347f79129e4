import { withdrawFormSchema } from '@gerbang/shared/contract/withdraw';
import { requestResolver } from '../../lib/forms/spec-form';

export type TransferType = 'bank' | 'ewallet' | 'favourite';

export interface WithdrawForm {
  type: TransferType;
  /** Bank code or IDMTARIKTUNAI (bank type), from the favourite for the favourite type. */
  code: string;
  accountKind: 'NORMAL' | 'VA';
  /** As shown: digits grouped with dashes. */
  number: string;
  /** Digits only. */
  amount: string;
  password: string;
  ewallet: string;
  favouriteId: string;
  captcha: string;
}

export const EMPTY_FORM: WithdrawForm = {
  type: 'bank',
  code: '',
  accountKind: 'NORMAL',
  number: '',
  amount: '',
  password: '',
  ewallet: '',
  favouriteId: '',
  captcha: '',
};

/**
 * The withdraw form checked with the shared inquiry request (spec 02 §5 rules 1–6): the bank-like
 * types name a bank (a favourite carries its code), the e-wallet type an e-wallet.
 */
export const withdrawResolver = (isTestUser: boolean) =>
  requestResolver<WithdrawForm>(
    (form) => withdrawFormSchema(form.type === 'ewallet' ? 'ewallet' : 'cashout', isTestUser),
    (form) => ({
      code: form.type === 'ewallet' ? '' : form.code,
      number: form.number,
      nominal: String(Number(form.amount || '0')),
      password: form.password,
      produk: form.ewallet,
      recaptcha: form.captcha,
    }),
  );
