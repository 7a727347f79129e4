import type { ReactNode } from 'react';
import type { PayoutStep } from './usePayoutWizard';

interface Props<Inquiry, Receipt> {
  wizard: { step: PayoutStep; inquiry: Inquiry | null; receipt: Receipt | null };
  /** The page's form fields. */
  form: () => ReactNode;
  /** The page's summary rows and its OTP or PIN field. */
  result: (inquiry: Inquiry) => ReactNode;
  /** The page's receipt. */
  receipt: (receipt: Receipt) => ReactNode;
}

/** The step the wizard is on, drawn by the page's own views. */
export function PayoutSteps<Inquiry, Receipt>({
  wizard,
  form,
  result,
  receipt,
}: Props<Inquiry, Receipt>) {
  if (wizard.step === 'inquiry') return form();
  if (wizard.step === 'result-inquiry' && wizard.inquiry) return result(wizard.inquiry);
  if (wizard.step === 'transfer-payment' && wizard.receipt) return receipt(wizard.receipt);
  return null;
}
