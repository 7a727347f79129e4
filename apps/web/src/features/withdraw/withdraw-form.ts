import { withdrawFormSchema } from '@gerbang/shared/contract/withdraw';
import {
  EMPTY_PAYOUT_FIELDS,
  inquiryBody,
  type PayoutFormFields,
} from '../../components/payout-wizard/payout-form';
import { requestResolver } from '../../lib/forms/spec-form';

export type TransferType = 'bank' | 'ewallet' | 'favourite';

/** A favourite carries its bank code (or e-wallet) and number into the shared fields. */
export interface WithdrawForm extends PayoutFormFields {
  type: TransferType;
  favouriteId: string;
}

export const EMPTY_FORM: WithdrawForm = { type: 'bank', ...EMPTY_PAYOUT_FIELDS, favouriteId: '' };

/**
 * The withdraw form checked with the shared inquiry request (spec 02 §5 rules 1–6): the bank-like
 * types name a bank (a favourite carries its code), the e-wallet type an e-wallet.
 */
export const withdrawResolver = (isTestUser: boolean) =>
  requestResolver<WithdrawForm>(
    (form) => withdrawFormSchema(form.type === 'ewallet' ? 'ewallet' : 'cashout', isTestUser),
    (form) => inquiryBody(form, form.type === 'ewallet'),
  );
