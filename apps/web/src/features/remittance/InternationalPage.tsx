import { formatThousands, RC } from '@gerbang/shared';
import {
  REMITTANCE_LIMITS,
  type RemittanceInquiryResult,
  type RemittanceReceipt,
} from '@gerbang/shared/contract/remittance';
import { remittanceCalls } from '@gerbang/shared/contract/remittance-calls';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconHelpCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '../../components/AccessDenied';
import { PageLoader } from '../../components/PageLoader';
import { PayoutSteps } from '../../components/payout-wizard/PayoutSteps';
import { usePayoutWizard } from '../../components/payout-wizard/usePayoutWizard';
import { callKey, callQuery, client } from '../../lib/api';
import { useBalances } from '../../lib/balance';
import { useLoggedIn } from '../../lib/session';
import { RemittanceFormView } from './RemittanceForm';
import {
  EMPTY_REMITTANCE_FORM,
  type RemittanceForm,
  remittanceRequest,
  remittanceResolver,
} from './remittance-form';
import { ScheduleRemittance } from './ScheduleRemittance';

const STATIC = { staleTime: 60_000 } as const;

// The result, receipt and FAQ load when first shown: the form is what the page opens with.
const steps = () => import('./RemittanceSteps');
const RemittanceResult = lazy(() => steps().then((m) => ({ default: m.RemittanceResult })));
const RemittanceReceiptView = lazy(() =>
  steps().then((m) => ({ default: m.RemittanceReceiptView })),
);
const RemittanceFaq = lazy(() => steps().then((m) => ({ default: m.RemittanceFaq })));

/**
 * International remittance (spec 02 §2.4). The route rule guards international READ, API, main
 * account and production; the page also checks the agent allow-list the server enforces
 * (`features.international`), so a listed permission alone shows access denied.
 */
export default function InternationalPage() {
  const session = useLoggedIn();
  if (!session.features.international) return <AccessDenied />;
  return <Remittance />;
}

function Remittance() {
  const { t, i18n } = useTranslation();
  const session = useLoggedIn();
  const queryClient = useQueryClient();
  const { balance, visible: seesBalance } = useBalances();
  const [faqOpen, setFaqOpen] = useState(false);
  // Set on the first opening, so the FAQ's chunk loads only when asked for.
  const [faqAsked, setFaqAsked] = useState(false);

  const currencies = useQuery({
    ...callQuery(remittanceCalls.currencies, undefined, { silent: true }),
    ...STATIC,
  });

  const countryCodeOf = (currency: string) =>
    currencies.data?.find((c) => c.currency === currency)?.country_code;
  const fields = (form: RemittanceForm) => remittanceRequest(form, countryCodeOf);

  const wizard = usePayoutWizard<RemittanceForm, RemittanceInquiryResult, RemittanceReceipt>({
    defaultValues: EMPTY_REMITTANCE_FORM,
    resolver: remittanceResolver(countryCodeOf),
    enterSecretKey: 'remittance.enterOtp',
    totals: (inquiry) => ({
      count: 1,
      amount: inquiry.nominal,
      fees: inquiry.nominal_admin,
      total: inquiry.total,
      details: [
        {
          label: t('remittance.result.destinationAmount'),
          value: `${inquiry.currency} ${formatThousands(inquiry.nominal_destination)}`,
        },
      ],
    }),
    inquire: async (form) => {
      const body = fields(form);
      const res = await client.call(remittanceCalls.inquiry, body);
      if (res.rc !== RC.OK) {
        // The rate may have moved since the list was read: the next check uses the new one.
        void queryClient.invalidateQueries({ queryKey: callKey(remittanceCalls.currencies) });
        return null;
      }
      return res.data;
    },
    pay: async (inquiry, pin) => {
      const res = await client.call(remittanceCalls.payment, {
        checksum: inquiry.checksum,
        number: inquiry.tabledata['NO PELANGGAN'],
        pin,
        nominal: inquiry.nominal,
        reff_id: inquiry.idtransaksi,
        uuid_user: inquiry.uuid_user,
      });
      return res.rc === RC.OK ? res.data : null;
    },
    statusCalls: {
      status: (query) => client.call(remittanceCalls.status, query, { silent: true }),
      detail: (query) => client.call(remittanceCalls.detail, query, { silent: true }),
      pollMs: REMITTANCE_LIMITS.statusPollMs,
    },
  });

  const selected = currencies.data?.find((c) => c.currency === wizard.values.currency);
  const banks = useQuery({
    ...callQuery(
      remittanceCalls.banks,
      { country_code: selected?.country_code ?? '' },
      { silent: true },
    ),
    enabled: Boolean(selected),
    ...STATIC,
  });
  const purposes = useQuery({
    ...callQuery(remittanceCalls.purposes, undefined, { silent: true }),
    // The purposes' names are in the page's language.
    queryKey: [...callKey(remittanceCalls.purposes), i18n.language],
    ...STATIC,
  });

  return (
    <Stack maw={640} mx="auto" gap="md" data-testid="remittance-page">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {wizard.step !== 'inquiry' && (
            <Button
              variant="subtle"
              px={6}
              onClick={wizard.reset}
              aria-label={t('remittance.result.back')}
              data-testid="remittance-back"
            >
              <IconArrowLeft size={20} />
            </Button>
          )}
          <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
            {t('remittance.title')}
          </Title>
        </Group>
        <Button
          variant="subtle"
          leftSection={<IconHelpCircle size={18} />}
          onClick={() => {
            setFaqAsked(true);
            setFaqOpen(true);
          }}
          style={{ flexShrink: 0 }}
          data-testid="remittance-faq-open"
        >
          {t('remittance.faq.open')}
        </Button>
      </Group>
      <Card withBorder radius="md" p="lg">
        <PayoutSteps
          wizard={wizard}
          form={() => (
            <RemittanceFormView
              form={wizard.values}
              onChange={wizard.patch}
              onSubmit={wizard.submit}
              submitting={wizard.submitting}
              currencies={currencies.data ?? []}
              banks={banks.data ?? []}
              purposes={purposes.data ?? []}
              balance={session.rule_show_balance === 1 && seesBalance ? balance : null}
            />
          )}
          result={(inquiry) => (
            <Suspense fallback={<PageLoader />}>
              <RemittanceResult
                inquiry={inquiry}
                pin={wizard.secret}
                onPinChange={wizard.setSecret}
                onWithdraw={wizard.confirm}
                onReset={wizard.reset}
                paying={wizard.paying}
              />
            </Suspense>
          )}
          receipt={(receipt) => (
            <Suspense fallback={<PageLoader />}>
              <RemittanceReceiptView
                receipt={receipt}
                checking={wizard.checking}
                onReset={wizard.reset}
              />
            </Suspense>
          )}
        />
      </Card>
      {wizard.step === 'result-inquiry' && wizard.inquiry && (
        <ScheduleRemittance inquiry={wizard.inquiry} />
      )}
      {faqAsked && (
        <Suspense fallback={null}>
          <RemittanceFaq opened={faqOpen} onClose={() => setFaqOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
