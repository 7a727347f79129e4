import { formatRupiah } from '@gerbang/shared';
import { orderTotal, TRANSFER_ACCESS } from '@gerbang/shared/contract/transfer';
import { transferCalls } from '@gerbang/shared/contract/transfer-calls';
import type { WithdrawInquiryResult } from '@gerbang/shared/contract/withdraw';
import { withdrawCalls } from '@gerbang/shared/contract/withdraw-calls';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconFileSpreadsheet, IconKeyboard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CaptchaHandle } from '../../components/Captcha';
import { confirmMoneyMovement } from '../../components/money-confirm/confirmMoneyMovement';
import { PageLoader } from '../../components/PageLoader';
import { usePayoutForm } from '../../components/payout-wizard/usePayoutForm';
import { callKey, callQuery, client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { useLoggedIn, useSession } from '../../lib/session';
import {
  domesticResolver,
  EMPTY_DOMESTIC_FORM as EMPTY,
  type DomesticForm as Form,
} from './domestic-form';
import { useOrder } from './useOrder';

/** The payment step's view loads when an order exists: the form steps do not carry it. */
// The form step (inputs, captcha) loads when a destination kind is chosen: the first view is the
// option cards, and the page sits at its bundle budget.
const DomesticFormStep = lazy(() =>
  import('./DomesticFormStep').then((m) => ({ default: m.DomesticFormStep })),
);
const OrderView = lazy(() => import('./OrderView').then((m) => ({ default: m.OrderView })));

type Step = 'choose' | 'inquiry' | 'result' | 'method' | 'payment';

const END_USER = 'Personal END USER';
const newKey = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

function useLookups() {
  const opts = { staleTime: 10 * 60_000 } as const;
  const banks = useQuery({
    ...callQuery(withdrawCalls.banks, undefined, { silent: true }),
    ...opts,
  });
  const ewallets = useQuery({
    ...callQuery(withdrawCalls.ewallets, undefined, { silent: true }),
    ...opts,
  });
  const retail = useQuery({
    ...callQuery(withdrawCalls.retailProducts, undefined, { silent: true }),
    ...opts,
  });
  return {
    banks: banks.data ?? [],
    ewallets: ewallets.data ?? [],
    retail: retail.data ?? [],
  };
}

/**
 * `/transfer_money/domestic` (spec 02 §2.2, §4, §5): option cards, then inquiry → result-inquiry
 * → transfer-method → transfer-payment. Several destinations may be checked before paying; the
 * order is paid through one channel and then sent to each destination.
 */
export default function DomesticPage() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const { verdict } = useSession();
  const navigate = useNavigate();
  const lookups = useLookups();
  const captchaRef = useRef<CaptchaHandle>(null);
  const isEndUser = session.user_type === END_USER;
  const [step, setStep] = useState<Step>('choose');
  const [lines, setLines] = useState<WithdrawInquiryResult[]>([]);
  const [busy, setBusy] = useState(false);
  const {
    form: formState,
    values: form,
    patch: change,
    submit,
    submitting,
  } = usePayoutForm<Form>({
    defaultValues: EMPTY,
    resolver: domesticResolver(session.is_test_user),
    onValid: check,
    problemTitle: t('transfer.attention'),
  });
  const [channelId, setChannelId] = useState<string | null>(null);
  const [channelType, setChannelType] = useState<'VA' | 'TRANSFER'>('VA');
  const [voucher, setVoucher] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  const [orderId, setOrderId] = useState<string | null>(null);
  const clientKey = useRef(newKey());
  const attention = t('transfer.attention');

  const channels = useQuery({
    ...callQuery(transferCalls.channels, { id_transaksi: '' }, { silent: true }),
    enabled: step === 'method',
  });
  const vouchers = useQuery({
    queryKey: callKey(transferCalls.vouchers),
    enabled: step === 'method' && !isEndUser,
    queryFn: async () => {
      const res = await client.call(transferCalls.vouchers, undefined, { silent: true });
      return res.rc === '00' ? res.data : [];
    },
  });
  const order = useOrder(orderId ?? '', (rd) => {
    showErrorDialog(rd, attention);
    setOrderId(null);
    setStep('inquiry');
  });

  async function check(form: Form) {
    const common = {
      number: form.number,
      nominal: form.amount,
      password: form.password,
      note: form.note,
      sendername: '',
      purposetransaction: '',
      recaptcha: form.captcha,
      type_inq: 'domestic' as const,
      ...(form.beneficiaryId ? { beneficiary_id: form.beneficiaryId } : {}),
    };
    const res =
      form.tab === 'ewallet'
        ? await client.call(withdrawCalls.ewalletInquiry, {
            ...common,
            produk: form.ewallet,
            jenis_rekening: '',
          })
        : await client.call(withdrawCalls.cashoutInquiry, {
            ...common,
            code: form.code,
            jenis_rekening: form.accountKind === 'VA' ? 'VA' : '',
          });
    if (res.rc !== '00') {
      captchaRef.current?.reset();
      return;
    }
    setLines((all) => [...all, res.data]);
    formState.reset({ ...EMPTY, tab: form.tab, password: form.password });
    captchaRef.current?.reset();
    setStep('result');
  }

  const chosen = channels.data?.find((c) => c.id === channelId) ?? null;
  const chosenVoucher = vouchers.data?.find((v) => v.voucher_kode === voucher) ?? null;
  const nominal = lines.reduce((sum, l) => sum + l.nominal, 0);

  async function createOrder() {
    if (!chosen) return;
    const fees = chosen.admin_fee + chosen.service_fee;
    const voucherOff = Math.min(chosenVoucher?.voucher_nominal ?? 0, nominal + fees - 1);
    const total = orderTotal({
      nominal,
      adminFee: chosen.admin_fee,
      serviceFee: chosen.service_fee,
      voucher: voucherOff,
      unique: 0,
    });
    const confirmed = await confirmMoneyMovement({
      count: lines.length,
      amount: nominal,
      fees,
      total,
      source: 'payment',
      details:
        voucherOff > 0
          ? [{ label: t('transfer.voucher'), value: `- ${formatRupiah(voucherOff)}` }]
          : [],
    });
    if (!confirmed) return;
    setBusy(true);
    const res = await client.call(transferCalls.createOrder, {
      client_key: clientKey.current,
      id_channel: chosen.id,
      description: '',
      username: session.user.username,
      kode_voucher: isEndUser ? '' : (voucher ?? ''),
      list_order: lines.map((l) => ({
        account_number: l.tabledata['NO PELANGGAN'],
        bank_code: l.bank_code === 'INDOMARET' ? 'IDMTARIKTUNAI' : l.bank_code,
        amount: l.nominal,
        remark: l.tabledata.CATATAN,
        id_inquiry: l.idtransaksi,
      })),
    });
    setBusy(false);
    if (res.rc !== '00') return;
    setOrderId(res.data.id_order);
    setStep('payment');
  }

  /** "Change method" and back: the order's instrument is cancelled, its lines free again. */
  async function leavePayment(to: Step) {
    if (orderId && order.data?.status === 'NEW') {
      await client.call(transferCalls.cancelOrder, { id_order: orderId });
    }
    setOrderId(null);
    clientKey.current = newKey();
    setStep(to);
  }

  const back = (to: Step) => (
    <Button
      variant="subtle"
      px={6}
      leftSection={<IconArrowLeft size={18} />}
      onClick={() => setStep(to)}
      data-testid="domestic-back"
    >
      {t('transfer.back')}
    </Button>
  );

  return (
    <Stack maw={820} mx="auto" gap="md" data-testid="domestic-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('transfer.title')}</Title>
        <Anchor component={Link} to="/transaction/transfer" data-testid="domestic-cancel">
          {t('transfer.cancel')}
        </Anchor>
      </Group>

      {step === 'choose' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {verdict(TRANSFER_ACCESS.create) === 'allowed' && (
            <UnstyledButton onClick={() => setStep('inquiry')} data-testid="card-manual">
              <Card withBorder radius="md" p="lg" h="100%">
                <IconKeyboard size={32} />
                <Text fw={600} mt="sm">
                  {t('transfer.manualCard')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('transfer.manualCardHelp')}
                </Text>
              </Card>
            </UnstyledButton>
          )}
          {verdict(TRANSFER_ACCESS.bulkCard) === 'allowed' && (
            <UnstyledButton
              onClick={() => navigate('/transfer_money/bulk')}
              data-testid="card-bulk"
            >
              <Card withBorder radius="md" p="lg" h="100%">
                <IconFileSpreadsheet size={32} />
                <Text fw={600} mt="sm">
                  {t('transfer.bulkCard')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('transfer.bulkCardHelp')}
                </Text>
              </Card>
            </UnstyledButton>
          )}
        </SimpleGrid>
      )}

      {step === 'inquiry' && (
        <Suspense fallback={<PageLoader />}>
          <DomesticFormStep
            form={form}
            change={change}
            submit={submit}
            submitting={submitting}
            lookups={lookups}
            isTestUser={session.is_test_user}
            captchaRef={captchaRef}
            back={lines.length > 0 ? back('result') : back('choose')}
          />
        </Suspense>
      )}

      {step === 'result' && (
        <Card withBorder radius="md" p="lg" data-testid="domestic-result">
          <Stack gap="md">
            <Text fw={600}>{t('transfer.destinations')}</Text>
            <Table.ScrollContainer minWidth={320}>
              <Table striped>
                <Table.Tbody>
                  {lines.map((line, index) => (
                    <Table.Tr key={line.idtransaksi} data-testid="domestic-line">
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Image src={line.url_image} w={32} h={32} fit="contain" alt="" />
                          <Box>
                            <Text size="sm" fw={600}>
                              {line.tabledata['NAMA PELANGGAN']}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {line.produkname} · {line.tabledata['NO PELANGGAN']}
                            </Text>
                          </Box>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{formatRupiah(line.nominal)}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => {
                            const rest = lines.filter((_, i) => i !== index);
                            setLines(rest);
                            if (rest.length === 0) setStep('inquiry');
                          }}
                        >
                          {t('transfer.removeLine')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text fw={600}>{t('transfer.nominal')}</Text>
              <Text fw={700}>{formatRupiah(nominal)}</Text>
            </Group>
            <Group justify="space-between" wrap="wrap">
              {back('inquiry')}
              <Group gap="xs">
                <Button
                  variant="light"
                  onClick={() => setStep('inquiry')}
                  data-testid="domestic-add"
                >
                  {t('transfer.addDestination')}
                </Button>
                <Button onClick={() => setStep('method')} data-testid="domestic-next">
                  {t('transfer.next')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Card>
      )}

      {step === 'method' && (
        <Card withBorder radius="md" p="lg" data-testid="domestic-method">
          <Stack gap="md">
            {channels.isError || (channels.data && channels.data.length === 0) ? (
              <Alert color="red" data-testid="channels-failed">
                {t('transfer.channelLoadFailed')}
              </Alert>
            ) : null}
            {!isEndUser && (
              <SegmentedControl
                value={channelType}
                onChange={(value) => {
                  setChannelType(value as 'VA' | 'TRANSFER');
                  setChannelId(null);
                }}
                data={[
                  { value: 'VA', label: t('transfer.channelTypeVa') },
                  { value: 'TRANSFER', label: t('transfer.channelTypeTransfer') },
                ]}
                data-testid="channel-type"
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {(channels.data ?? [])
                .filter((c) => isEndUser || c.channel_type === channelType)
                .map((c) => (
                  <UnstyledButton
                    key={c.id}
                    // Choosing the selected channel again un-selects it (spec 02 §4).
                    onClick={() => setChannelId((id) => (id === c.id ? null : c.id))}
                    data-testid={`channel-${c.id}`}
                    aria-pressed={channelId === c.id}
                  >
                    <Card
                      withBorder
                      radius="md"
                      p="sm"
                      style={{
                        borderColor: channelId === c.id ? 'var(--mantine-color-blue-6)' : undefined,
                        borderWidth: channelId === c.id ? 2 : undefined,
                      }}
                    >
                      <Group gap="sm" wrap="nowrap">
                        {c.kind === 'VA' || c.kind === 'TRANSFER' ? (
                          <Image src={c.url_image} w={36} h={36} fit="contain" alt="" />
                        ) : (
                          <Box w={36} />
                        )}
                        <Box>
                          <Text size="sm" fw={600}>
                            {c.namaChannel}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t('transfer.adminFee')} {formatRupiah(c.admin_fee)} ·{' '}
                            {t('transfer.serviceFee')} {formatRupiah(c.service_fee)}
                          </Text>
                          {c.account_number_name !== '' && (
                            <Text size="xs" c="dimmed" data-testid={`channel-holder-${c.id}`}>
                              {t('transfer.accountNumberName', { name: c.account_number_name })}
                            </Text>
                          )}
                          <Text size="xs" c="dimmed">
                            {t(c.text_help)}
                          </Text>
                        </Box>
                      </Group>
                    </Card>
                  </UnstyledButton>
                ))}
            </SimpleGrid>
            {!isEndUser && (
              <Select
                label={t('transfer.voucher')}
                placeholder={t('transfer.noVoucher')}
                clearable
                data={(vouchers.data ?? []).map((v) => ({
                  value: v.voucher_kode,
                  label: `${v.voucher_kode} — ${v.voucher_keterangan}`,
                }))}
                value={voucher}
                onChange={setVoucher}
                data-testid="voucher"
              />
            )}
            {chosen && (
              <Table data-testid="method-summary">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{t('transfer.nominal')}</Table.Td>
                    <Table.Td ta="right">{formatRupiah(nominal)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>{t('transfer.adminFee')}</Table.Td>
                    <Table.Td ta="right">{formatRupiah(chosen.admin_fee)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>{t('transfer.serviceFee')}</Table.Td>
                    <Table.Td ta="right">{formatRupiah(chosen.service_fee)}</Table.Td>
                  </Table.Tr>
                  {chosenVoucher && (
                    <Table.Tr>
                      <Table.Td>{t('transfer.voucher')}</Table.Td>
                      <Table.Td ta="right">
                        - {formatRupiah(chosenVoucher.voucher_nominal)}
                      </Table.Td>
                    </Table.Tr>
                  )}
                  <Table.Tr>
                    <Table.Td fw={700}>{t('transfer.total')}</Table.Td>
                    <Table.Td ta="right" fw={700} data-testid="method-total">
                      {formatRupiah(
                        orderTotal({
                          nominal,
                          adminFee: chosen.admin_fee,
                          serviceFee: chosen.service_fee,
                          voucher: Math.min(
                            chosenVoucher?.voucher_nominal ?? 0,
                            nominal + chosen.admin_fee + chosen.service_fee - 1,
                          ),
                          unique: 0,
                        }),
                      )}
                      {chosen.channel_type === 'TRANSFER' ? ` + ${t('transfer.uniqueCode')}` : ''}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            )}
            <Checkbox
              checked={terms}
              onChange={(event) => setTerms(event.currentTarget.checked)}
              label={t('transfer.terms')}
              data-testid="terms"
            />
            {!chosen && (
              <Text size="sm" c="red" data-testid="select-channel-hint">
                {t('transfer.selectChannel')}
              </Text>
            )}
            <Group justify="space-between">
              {back('result')}
              <Button
                disabled={!chosen || !terms}
                loading={busy}
                onClick={() => void createOrder()}
                data-testid="method-next"
              >
                {t('transfer.next')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}

      {step === 'payment' && (
        <Stack gap="sm" data-testid="domestic-payment">
          <Group justify="space-between">
            <Button
              variant="subtle"
              px={6}
              leftSection={<IconArrowLeft size={18} />}
              onClick={() => void leavePayment('result')}
              data-testid="domestic-back"
            >
              {t('transfer.back')}
            </Button>
            {order.data?.status === 'NEW' && (
              <Anchor
                component="button"
                onClick={() => void leavePayment('method')}
                data-testid="change-method"
              >
                {t('transfer.changeMethod')}
              </Anchor>
            )}
          </Group>
          {order.data && (
            <Suspense fallback={<PageLoader />}>
              <OrderView order={order.data} />
            </Suspense>
          )}
        </Stack>
      )}
    </Stack>
  );
}
