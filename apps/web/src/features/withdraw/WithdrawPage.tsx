import { isInCutOff, RC } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import {
  type CashoutInquiryRequest,
  firstWithdrawFormError,
  normaliseAccountNumber,
  WITHDRAW_LIMITS,
  type WithdrawInquiryResult,
  type WithdrawPaymentResult,
} from '@gerbang/shared/contract/withdraw';
import { withdrawCalls } from '@gerbang/shared/contract/withdraw-calls';
import {
  INDOMARET_RAIL_BANK_CODE,
  RETAIL_CASH_WITHDRAWAL_CODE,
} from '@gerbang/shared/domain/products';
import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconHelpCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CaptchaHandle } from '../../components/Captcha';
import { client, forgetCsrfToken } from '../../lib/api';
import { useBalances } from '../../lib/balance';
import { showErrorDialog } from '../../lib/dialogs';
import { i18next } from '../../lib/i18n';
import { useServerNow } from '../../lib/server-clock';
import { useLoggedIn, useSession } from '../../lib/session';
import { FaqModal } from './FaqModal';
import { EMPTY_FORM, InquiryForm, type WithdrawForm } from './InquiryForm';
import { InquiryResult } from './InquiryResult';
import { Receipt } from './Receipt';
import { useWithdrawLookups } from './useWithdrawLookups';

/** Spec 02 §4 withdraw actions; check-status is a mode of the last step. */
type Action = 'inquiry' | 'result-inquiry' | 'transfer-payment';

/**
 * Withdraw (Tarik Saldo), spec 02 §2.1 and §4: inquiry form → inquiry result with the e-mailed OTP
 * → transfer result, which polls the status every 10 s while the transfer is in process.
 */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const { logout } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { balance } = useBalances();
  const { favourites } = useWithdrawLookups();
  const now = useServerNow();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [action, setAction] = useState<Action>('inquiry');
  const [form, setForm] = useState<WithdrawForm>(EMPTY_FORM);
  const [submitting, setSubmitting] = useState(false);
  const [inquiry, setInquiry] = useState<WithdrawInquiryResult | null>(null);
  const [maskedEmail, setMaskedEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [paying, setPaying] = useState(false);
  const [receipt, setReceipt] = useState<WithdrawPaymentResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [faqOpen, setFaqOpen] = useState(false);

  const warn = (message: string) => showErrorDialog(message, t('common.attention'));
  const refreshBalance = () => queryClient.invalidateQueries({ queryKey: ['balance'] });

  const resetRef = useRef<() => void>(() => {});
  const reset = () => {
    setForm(EMPTY_FORM);
    setInquiry(null);
    setOtp('');
    setReceipt(null);
    setChecking(false);
    setAction('inquiry');
    captchaRef.current?.reset();
  };
  resetRef.current = reset;

  const favourite = favourites.find((f) => String(f.id) === form.favouriteId);
  const isEwallet =
    form.type === 'ewallet' || (form.type === 'favourite' && favourite?.type === 'EWALLET');

  const check = async () => {
    const nominal = Number(form.amount || '0');
    const problem = firstWithdrawFormError({
      type: form.type,
      code: form.type === 'ewallet' ? '' : form.code,
      number: form.number,
      nominal,
      password: form.password,
      ewallet: form.ewallet,
      captcha: form.captcha,
      isTestUser: session.is_test_user,
    });
    if (problem) {
      warn(t(problem));
      return;
    }
    const common = {
      number: form.number,
      nominal: String(nominal),
      password: form.password,
      note: '',
      sendername: '',
      purposetransaction: '',
      jenis_rekening: form.type === 'bank' && form.accountKind === 'VA' ? 'VA' : '',
      recaptcha: form.captcha,
    } satisfies Partial<CashoutInquiryRequest>;
    setSubmitting(true);
    try {
      // Spec 02 §5: the retail code IDMTARIKTUNAI is sent as bank code INDOMARET.
      const res = isEwallet
        ? await client.call(withdrawCalls.ewalletInquiry, {
            ...common,
            produk: form.ewallet,
          })
        : await client.call(withdrawCalls.cashoutInquiry, {
            ...common,
            code: form.code === RETAIL_CASH_WITHDRAWAL_CODE ? INDOMARET_RAIL_BANK_CODE : form.code,
          });
      if (res.rc !== RC.OK) {
        captchaRef.current?.reset();
        return;
      }
      const otpRes = await client.call(withdrawCalls.createOtp, {
        password: form.password,
        nominal_transfer: String(nominal),
        idtransaksi: res.data.idtransaksi,
      });
      if (otpRes.rc !== RC.OK) {
        captchaRef.current?.reset();
        return;
      }
      setInquiry(res.data);
      // A solved captcha is spent; going back asks for a new one.
      setForm((current) => ({ ...current, captcha: '' }));
      setMaskedEmail(otpRes.data.email);
      setOtp('');
      setAction('result-inquiry');
    } finally {
      setSubmitting(false);
    }
  };

  const pay = async () => {
    if (!inquiry) return;
    if (!otp.trim()) {
      warn(t('withdraw.enterOtp'));
      return;
    }
    setPaying(true);
    try {
      // Spec 02 §4, §7: a fresh anti-CSRF token before the payment; failing to get one logs out.
      forgetCsrfToken();
      const csrf = await client.call(authCalls.csrfToken, undefined, { silent: true });
      if (csrf.rc !== RC.OK) {
        await logout();
        navigate('/auth/login', { replace: true });
        return;
      }
      const payment =
        inquiry.kind === 'EWALLET' ? withdrawCalls.ewalletPayment : withdrawCalls.cashoutPayment;
      const res = await client.call(payment, {
        checksum: inquiry.checksum,
        number: normaliseAccountNumber(form.number),
        pin: otp.trim(),
        nominal: inquiry.nominal,
        reff_id: inquiry.idtransaksi,
        uuid_user: inquiry.uuid_user,
        bank_code: inquiry.bank_code,
      });
      if (res.rc !== RC.OK) return;
      setReceipt(res.data);
      setChecking(res.data.status_trx === 'PROCESS');
      setAction('transfer-payment');
      void refreshBalance();
    } finally {
      setPaying(false);
    }
  };

  // Check-status mode (spec 02 §4): every 10 s until the status is final, then the detail.
  const pollKey =
    checking && receipt ? `${receipt.id_transaksi}|${receipt.checksum}|${receipt.uuid_user}` : '';
  useEffect(() => {
    if (!pollKey) return;
    const [reffId, checksum, uuidUser] = pollKey.split('|');
    const query = { checksum, reff_id: reffId, uuid_user: uuidUser };
    let cancelled = false;
    const timer = setInterval(async () => {
      const status = await client.call(withdrawCalls.status, query, { silent: true });
      if (cancelled || status.rc !== RC.OK || status.data.status_trx === 'PROCESS') return;
      clearInterval(timer);
      setChecking(false);
      const detail = await client.call(
        withdrawCalls.detail,
        { ...query, id_product: status.data.id_produk },
        { silent: true },
      );
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
      if (cancelled) return;
      if (detail.rc === RC.OK) {
        setReceipt(detail.data.receipt);
      } else {
        showErrorDialog(detail.rd, i18next.t('common.attention'));
        resetRef.current();
      }
    }, WITHDRAW_LIMITS.statusPollMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [pollKey, queryClient]);

  return (
    <Stack maw={560} mx="auto" gap="md" data-testid="withdraw-page">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{t('withdraw.title')}</Title>
        <Button
          variant="subtle"
          leftSection={<IconHelpCircle size={18} />}
          onClick={() => setFaqOpen(true)}
          data-testid="withdraw-faq-open"
        >
          {t('withdraw.faq.open')}
        </Button>
      </Group>
      {session.features.cut_off && isInCutOff(now) && (
        <Alert color="orange" icon={<IconAlertTriangle />} data-testid="withdraw-cutoff">
          {t('common.cutOffNotice')}
        </Alert>
      )}
      <Card withBorder radius="md" p="lg">
        {action === 'inquiry' && (
          <InquiryForm
            form={form}
            onChange={(next) => setForm((current) => ({ ...current, ...next }))}
            onSubmit={() => void check()}
            submitting={submitting}
            showBalance={session.rule_show_balance === 1}
            balance={balance}
            isTestUser={session.is_test_user}
            captchaRef={captchaRef}
          />
        )}
        {action === 'result-inquiry' && inquiry && (
          <InquiryResult
            inquiry={inquiry}
            maskedEmail={maskedEmail}
            otp={otp}
            onOtpChange={setOtp}
            onProceed={() => void pay()}
            onBack={() => {
              setAction('inquiry');
              setOtp('');
            }}
            paying={paying}
          />
        )}
        {action === 'transfer-payment' && receipt && (
          <Receipt receipt={receipt} checking={checking} onReset={reset} />
        )}
      </Card>
      <FaqModal opened={faqOpen} onClose={() => setFaqOpen(false)} />
    </Stack>
  );
}
