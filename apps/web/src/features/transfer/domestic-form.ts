import { domesticFormSchema } from '@gerbang/shared/contract/transfer';
import {
  EMPTY_PAYOUT_FIELDS,
  inquiryBody,
  type PayoutFormFields,
} from '../../components/payout-wizard/payout-form';
import { requestResolver } from '../../lib/forms/spec-form';

export type DomesticTab = 'bank' | 'ewallet' | 'retail';

export interface DomesticForm extends PayoutFormFields {
  tab: DomesticTab;
  note: string;
  /** The saved recipient chosen from the book (0: none); its name is checked at payout. */
  beneficiaryId: number;
}

export const EMPTY_DOMESTIC_FORM: DomesticForm = {
  tab: 'bank',
  ...EMPTY_PAYOUT_FIELDS,
  note: '',
  beneficiaryId: 0,
};

/**
 * The domestic form checked with the shared inquiry request (spec 02 §5 rules 1–7): bank and
 * retail tabs name a code, the e-wallet tab an e-wallet; then digits and hyphens only.
 */
export const domesticResolver = (isTestUser: boolean) =>
  requestResolver<DomesticForm>(
    (form) => domesticFormSchema(form.tab === 'ewallet' ? 'ewallet' : 'cashout', isTestUser),
    (form) => ({
      ...inquiryBody(form, form.tab === 'ewallet'),
      note: form.note,
      type_inq: 'domestic',
    }),
  );
