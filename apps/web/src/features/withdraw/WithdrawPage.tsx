import { isInCutOff, RC } from '@gerbang/shared';
import { SCHEDULES_ACCESS } from '@gerbang/shared/contract/access-rules';
import { schedulesCalls } from '@gerbang/shared/contract/schedules-calls';
import {
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
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CaptchaHandle } from '../../components/Captcha';
import { PageLoader } from '../../components/PageLoader';
import { PayoutSteps } from '../../components/payout-wizard/PayoutSteps';
import { usePayoutWizard } from '../../components/payout-wizard/usePayoutWizard';
import type { ScheduleDraft } from '../../components/schedule/ScheduleModal';
import { client } from '../../lib/api';
import { useBalances } from '../../lib/balance';
import { showInfoDialog } from '../../lib/dialogs';
import { withCatalogParts } from '../../lib/i18n';
import { useServerNow } from '../../lib/server-clock';
import { useLoggedIn, useSession } from '../../lib/session';
import { InquiryForm } from './InquiryForm';
import { InquiryResult } from './InquiryResult';
import { useWithdrawLookups } from './useWithdrawLookups';
import { EMPTY_FORM, type WithdrawForm, withdrawResolver } from './withdraw-form';

/** The transfer result loads with the payment: the form and OTP steps do not carry it. */
// The FAQ (a modal with an accordion) loads on its first opening: the page sits at its bundle
// budget and most visits never open it.
const FaqModal = lazy(() => import('./FaqModal').then((m) => ({ default: m.FaqModal })));
const Receipt = lazy(() => import('./Receipt').then((m) => ({ default: m.Receipt })));
// The schedule form loads when the user chooses "Schedule".
const ScheduleModal = lazy(() =>
  withCatalogParts(['schedules'], import('../../components/schedule/ScheduleModal')),
);

/**
 * Withdraw (Tarik Saldo), spec 02 §2.1 and §4: inquiry form → inquiry result with the e-mailed OTP
 * → transfer result, which polls the status every 10 s while the transfer is in process.
 */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const { balance, visible: seesBalance } = useBalances();
  const { favourites } = useWithdrawLookups();
  const now = useServerNow();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [maskedEmail, setMaskedEmail] = useState('');
  const maySchedule = useSession().verdict(SCHEDULES_ACCESS.manage) === 'allowed';
  const [scheduling, setScheduling] = useState<WithdrawInquiryResult | null>(null);
  const navigate = useNavigate();
  const schedule = async (inquiry: WithdrawInquiryResult, draft: ScheduleDraft) => {
    const res = await client.call(schedulesCalls.create, {
      reff_id: inquiry.idtransaksi,
      rule: draft.rule,
      pin: draft.pin,
    });
    if (res.rc !== RC.OK) return false;
    showInfoDialog(res.rd);
    void navigate('/transaction/scheduled');
    return true;
  };

  const wizard = usePayoutWizard<WithdrawForm, WithdrawInquiryResult, WithdrawPaymentResult>({
    defaultValues: EMPTY_FORM,
    resolver: withdrawResolver(session.is_test_user),
    enterSecretKey: 'withdraw.enterOtp',
    totals: (inquiry) => ({
      count: 1,
      amount: inquiry.nominal,
      fees: inquiry.nominal_admin,
      total: inquiry.total,
    }),
    onReset: () => captchaRef.current?.reset(),
    inquire: async (form) => {
      const nominal = Number(form.amount || '0');
      const favourite = favourites.find((f) => String(f.id) === form.favouriteId);
      const isEwallet =
        form.type === 'ewallet' || (form.type === 'favourite' && favourite?.type === 'EWALLET');
      const common = {
        number: form.number,
        nominal: String(nominal),
        password: form.password,
        note: '',
        sendername: '',
        purposetransaction: '',
        jenis_rekening:
          (form.type === 'bank' && form.accountKind === 'VA') ||
          (form.type === 'favourite' && favourite?.type === 'VA')
            ? ('VA' as const)
            : ('' as const),
        recaptcha: form.captcha,
        // A saved recipient's name is checked again when the payout opens.
        ...(form.type === 'favourite' && favourite ? { beneficiary_id: favourite.id } : {}),
      };
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
        return null;
      }
      const otpRes = await client.call(withdrawCalls.createOtp, {
        password: form.password,
        nominal_transfer: String(nominal),
        idtransaksi: res.data.idtransaksi,
      });
      if (otpRes.rc !== RC.OK) {
        captchaRef.current?.reset();
        return null;
      }
      // A solved captcha is spent; going back asks for a new one.
      wizard.patch({ captcha: '' });
      setMaskedEmail(otpRes.data.email);
      return res.data;
    },
    pay: async (inquiry, otp, form) => {
      const payment =
        inquiry.kind === 'EWALLET' ? withdrawCalls.ewalletPayment : withdrawCalls.cashoutPayment;
      const res = await client.call(payment, {
        checksum: inquiry.checksum,
        number: normaliseAccountNumber(form.number),
        pin: otp,
        nominal: inquiry.nominal,
        reff_id: inquiry.idtransaksi,
        uuid_user: inquiry.uuid_user,
        bank_code: inquiry.bank_code,
      });
      return res.rc === RC.OK ? res.data : null;
    },
    statusCalls: {
      status: (query) => client.call(withdrawCalls.status, query, { silent: true }),
      detail: (query) => client.call(withdrawCalls.detail, query, { silent: true }),
      pollMs: WITHDRAW_LIMITS.statusPollMs,
    },
  });

  return (
    <Stack maw={560} mx="auto" gap="md" data-testid="withdraw-page">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{t('withdraw.title')}</Title>
        <FaqButton />
      </Group>
      {session.features.cut_off && isInCutOff(now) && (
        <Alert color="orange" icon={<IconAlertTriangle />} data-testid="withdraw-cutoff">
          {t('common.cutOffNotice')}
        </Alert>
      )}
      <Card withBorder radius="md" p="lg">
        <PayoutSteps
          wizard={wizard}
          form={() => (
            <InquiryForm
              form={wizard.values}
              onChange={wizard.patch}
              onSubmit={wizard.submit}
              submitting={wizard.submitting}
              showBalance={session.rule_show_balance === 1 && seesBalance}
              balance={balance}
              isTestUser={session.is_test_user}
              captchaRef={captchaRef}
            />
          )}
          result={(inquiry) => (
            <InquiryResult
              inquiry={inquiry}
              maskedEmail={maskedEmail}
              otp={wizard.secret}
              onOtpChange={wizard.setSecret}
              onProceed={wizard.confirm}
              onBack={wizard.backToForm}
              paying={wizard.paying}
              onSchedule={
                maySchedule && inquiry.kind !== 'RETAIL' ? () => setScheduling(inquiry) : undefined
              }
            />
          )}
          receipt={(receipt) => (
            <Suspense fallback={<PageLoader />}>
              <Receipt receipt={receipt} checking={wizard.checking} onReset={wizard.reset} />
            </Suspense>
          )}
        />
      </Card>
      {scheduling && (
        <Suspense fallback={null}>
          <ScheduleModal
            title={t('schedules.formTitle')}
            editsAmount={false}
            onSubmit={(draft) => schedule(scheduling, draft)}
            onClose={() => setScheduling(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** The FAQ button and its modal, loaded on the first opening. */
function FaqButton() {
  const { t } = useTranslation();
  const [faqOpen, setFaqOpen] = useState(false);
  const [faqAsked, setFaqAsked] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        leftSection={<IconHelpCircle size={18} />}
        onClick={() => {
          setFaqAsked(true);
          setFaqOpen(true);
        }}
        data-testid="withdraw-faq-open"
      >
        {t('withdraw.faq.open')}
      </Button>
      {faqAsked && (
        <Suspense fallback={null}>
          <FaqModal opened={faqOpen} onClose={() => setFaqOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
