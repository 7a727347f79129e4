import { RC } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import {
  firstRemittanceFieldError,
  REMITTANCE_LIMITS,
  type RemittanceInquiryResult,
  type RemittanceReceipt,
} from '@gerbang/shared/contract/remittance';
import { remittanceCalls } from '@gerbang/shared/contract/remittance-calls';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconHelpCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccessDenied } from '../../components/AccessDenied';
import { callKey, callQuery, client, forgetCsrfToken } from '../../lib/api';
import { useBalances } from '../../lib/balance';
import { showErrorDialog } from '../../lib/dialogs';
import { i18next } from '../../lib/i18n';
import { useLoggedIn, useSession } from '../../lib/session';
import { EMPTY_REMITTANCE_FORM, type RemittanceForm, RemittanceFormView } from './RemittanceForm';
import { RemittanceFaq, RemittanceReceiptView, RemittanceResult } from './RemittanceSteps';

/** Spec 02 §4 International: inquiry → result-inquiry → transfer-payment (+ check-status). */
type Action = 'inquiry' | 'result-inquiry' | 'transfer-payment';

const STATIC = { staleTime: 60_000 } as const;

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
  const { logout } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { balance } = useBalances();
  const [action, setAction] = useState<Action>('inquiry');
  const [form, setForm] = useState<RemittanceForm>(EMPTY_REMITTANCE_FORM);
  const [submitting, setSubmitting] = useState(false);
  const [inquiry, setInquiry] = useState<RemittanceInquiryResult | null>(null);
  const [pin, setPin] = useState('');
  const [paying, setPaying] = useState(false);
  const [receipt, setReceipt] = useState<RemittanceReceipt | null>(null);
  const [checking, setChecking] = useState(false);
  const [faqOpen, setFaqOpen] = useState(false);

  const currencies = useQuery({
    ...callQuery(remittanceCalls.currencies, undefined, { silent: true }),
    ...STATIC,
  });
  const selected = currencies.data?.find((c) => c.currency === form.currency);
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

  const warn = (message: string) => showErrorDialog(message, t('common.attention'));
  const resetRef = useRef<() => void>(() => {});
  const reset = () => {
    setForm(EMPTY_REMITTANCE_FORM);
    setInquiry(null);
    setPin('');
    setReceipt(null);
    setChecking(false);
    setAction('inquiry');
  };
  resetRef.current = reset;

  const fields = () => ({
    country_destination: selected?.country_code ?? '',
    currency: form.currency,
    nominal: Number(form.nominal || '0'),
    nominal_destination: Number(form.nominalDestination || '0'),
    account_number: form.accountNumber,
    city: form.city,
    address: form.address,
    id_number_receiver: form.idNumber,
    swift_code: form.swift,
    anrekening: form.accountName,
    password: form.password,
    purposetransaction: form.purpose,
    kodebanktujuan: form.bank,
    phonenumberreceiver: form.phone,
    ifscode: form.ifsc,
    nationality: form.nationality,
  });

  const check = async () => {
    const body = fields();
    const problem = firstRemittanceFieldError(body);
    if (problem) {
      warn(t(problem));
      return;
    }
    setSubmitting(true);
    try {
      const res = await client.call(remittanceCalls.inquiry, body);
      if (res.rc !== RC.OK) {
        // The rate may have moved since the list was read: the next check uses the new one.
        void queryClient.invalidateQueries({ queryKey: callKey(remittanceCalls.currencies) });
        return;
      }
      setInquiry(res.data);
      setPin('');
      setAction('result-inquiry');
    } finally {
      setSubmitting(false);
    }
  };

  const withdraw = async () => {
    if (!inquiry) return;
    if (!pin.trim()) {
      warn(t('remittance.enterOtp'));
      return;
    }
    setPaying(true);
    try {
      forgetCsrfToken();
      const csrf = await client.call(authCalls.csrfToken, undefined, { silent: true });
      if (csrf.rc !== RC.OK) {
        await logout();
        navigate('/auth/login', { replace: true });
        return;
      }
      const res = await client.call(remittanceCalls.payment, {
        checksum: inquiry.checksum,
        number: inquiry.tabledata['NO PELANGGAN'],
        pin: pin.trim(),
        nominal: inquiry.nominal,
        reff_id: inquiry.idtransaksi,
        uuid_user: inquiry.uuid_user,
      });
      if (res.rc !== RC.OK) return;
      setReceipt(res.data);
      setChecking(res.data.status_trx === 'PROCESS');
      setAction('transfer-payment');
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
    } finally {
      setPaying(false);
    }
  };

  // Check-status mode (spec 02 §4): every 10 s until final, then the detail; a failed detail
  // shows its error and returns to the inquiry.
  const pollKey =
    checking && receipt ? `${receipt.id_transaksi}|${receipt.checksum}|${receipt.uuid_user}` : '';
  useEffect(() => {
    if (!pollKey) return;
    const [reffId, checksum, uuidUser] = pollKey.split('|');
    const query = { checksum, reff_id: reffId, uuid_user: uuidUser };
    let cancelled = false;
    const timer = setInterval(async () => {
      const status = await client.call(remittanceCalls.status, query, { silent: true });
      if (cancelled || status.rc !== RC.OK || status.data.status_trx === 'PROCESS') return;
      clearInterval(timer);
      setChecking(false);
      const detail = await client.call(
        remittanceCalls.detail,
        { ...query, id_product: status.data.id_produk },
        { silent: true },
      );
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
      if (cancelled) return;
      if (detail.rc === RC.OK) setReceipt(detail.data.receipt);
      else {
        showErrorDialog(detail.rd, i18next.t('common.attention'));
        resetRef.current();
      }
    }, REMITTANCE_LIMITS.statusPollMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [pollKey, queryClient]);

  return (
    <Stack maw={640} mx="auto" gap="md" data-testid="remittance-page">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {action !== 'inquiry' && (
            <Button
              variant="subtle"
              px={6}
              onClick={reset}
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
          onClick={() => setFaqOpen(true)}
          style={{ flexShrink: 0 }}
          data-testid="remittance-faq-open"
        >
          {t('remittance.faq.open')}
        </Button>
      </Group>
      <Card withBorder radius="md" p="lg">
        {action === 'inquiry' && (
          <RemittanceFormView
            form={form}
            onChange={(next) => setForm((current) => ({ ...current, ...next }))}
            onSubmit={() => void check()}
            submitting={submitting}
            currencies={currencies.data ?? []}
            banks={banks.data ?? []}
            purposes={purposes.data ?? []}
            balance={session.rule_show_balance === 1 ? balance : null}
          />
        )}
        {action === 'result-inquiry' && inquiry && (
          <RemittanceResult
            inquiry={inquiry}
            pin={pin}
            onPinChange={setPin}
            onWithdraw={() => void withdraw()}
            paying={paying}
          />
        )}
        {action === 'transfer-payment' && receipt && (
          <RemittanceReceiptView receipt={receipt} checking={checking} onReset={reset} />
        )}
      </Card>
      <RemittanceFaq opened={faqOpen} onClose={() => setFaqOpen(false)} />
    </Stack>
  );
}
