import { RC } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client, forgetCsrfToken } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { useSession } from '../../lib/session';
import { confirmMoneyMovement, type MoneyTotals } from '../money-confirm/confirmMoneyMovement';
import { type PayoutFormOptions, usePayoutForm } from './usePayoutForm';
import { type PolledReceipt, type StatusCalls, useStatusPoll } from './useStatusPoll';

/** Spec 02 §4 actions of a payout; check-status is a mode of the last step. */
export type PayoutStep = 'inquiry' | 'result-inquiry' | 'transfer-payment';

export interface PayoutWizardOptions<Form extends FieldValues, Inquiry, Receipt>
  extends Omit<PayoutFormOptions<Form>, 'onValid'> {
  /** The inquiry call(s): the inquiry to confirm, or null to stay on the form. */
  inquire(form: Form): Promise<Inquiry | null>;
  /** The message key when the OTP or PIN is empty. */
  enterSecretKey: string;
  /** The totals the user confirms before the payment is sent. */
  totals(inquiry: Inquiry): MoneyTotals;
  /** The payment call with the OTP or PIN: the receipt, or null to stay on the result. */
  pay(inquiry: Inquiry, secret: string, form: Form): Promise<Receipt | null>;
  /** The status and detail calls of the check-status mode. */
  statusCalls: StatusCalls<Receipt>;
  /** What else the page clears when the wizard starts over (a captcha, say). */
  onReset?(): void;
}

/** Spec 02 §4, §7: a fresh anti-CSRF token before the payment; false when none came (log out). */
async function freshCsrfToken(): Promise<boolean> {
  forgetCsrfToken();
  const csrf = await client.call(authCalls.csrfToken, undefined, { silent: true });
  return csrf.rc === RC.OK;
}

/**
 * One payout wizard (spec 02 §4): form → inquiry result → confirm with the OTP or PIN → the
 * totals confirmation (nothing is sent when it is cancelled) → receipt,
 * which polls the status while the transfer is in process. Withdraw and remittance supply their
 * fields, summary rows and calls; the steps, the fresh anti-CSRF token before paying and the
 * polling live here once.
 */
export function usePayoutWizard<Form extends FieldValues, Inquiry, Receipt extends PolledReceipt>(
  options: PayoutWizardOptions<Form, Inquiry, Receipt>,
) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<PayoutStep>('inquiry');
  const [inquiry, setInquiry] = useState<Inquiry | null>(null);
  const [secret, setSecret] = useState('');
  const [paying, setPaying] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [checking, setChecking] = useState(false);

  const form = usePayoutForm<Form>({
    ...options,
    onValid: async (values) => {
      const found = await options.inquire(values);
      if (!found) return;
      setInquiry(found);
      setSecret('');
      setStep('result-inquiry');
    },
  });

  const reset = () => {
    form.clear();
    setInquiry(null);
    setSecret('');
    setReceipt(null);
    setChecking(false);
    setStep('inquiry');
    options.onReset?.();
  };

  const confirm = async () => {
    if (!inquiry) return;
    if (!secret.trim()) {
      showErrorDialog(t(options.enterSecretKey), t('common.attention'));
      return;
    }
    if (!(await confirmMoneyMovement(options.totals(inquiry)))) return;
    setPaying(true);
    try {
      if (!(await freshCsrfToken())) {
        await logout();
        navigate('/auth/login', { replace: true });
        return;
      }
      const paid = await options.pay(inquiry, secret.trim(), form.values);
      if (!paid) return;
      setReceipt(paid);
      setChecking(paid.status_trx === 'PROCESS');
      setStep('transfer-payment');
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
    } finally {
      setPaying(false);
    }
  };

  useStatusPoll<Receipt>(receipt, checking, options.statusCalls, {
    onStopped: () => setChecking(false),
    onFinal: setReceipt,
    onFailed: reset,
  });

  return {
    ...form,
    step,
    /** Back to the form, keeping what was typed (the result's "back"). */
    backToForm: () => {
      setStep('inquiry');
      setSecret('');
    },
    inquiry,
    secret,
    setSecret,
    confirm: () => void confirm(),
    paying,
    receipt,
    checking,
    reset,
  };
}
