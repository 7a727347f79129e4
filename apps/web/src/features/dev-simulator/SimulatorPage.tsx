import { LANGUAGES, type Language, RC } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import { devCalls } from '@gerbang/shared/contract/dev-calls';
import {
  SIMULATOR_PAY_CHANNELS,
  type SimulatorPayChannel,
  type SimulatorPayResult,
  simulatorPayFormSchema,
} from '@gerbang/shared/contract/payins';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Chip,
  Container,
  CopyButton,
  FileButton,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconCopy,
  IconFlask,
  IconMail,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { QrCode } from '../../components/QrCode';
import { callKey, client } from '../../lib/api';
import { firstFieldError, requestResolver } from '../../lib/forms/spec-form';
import { changeLanguage } from '../../lib/i18n';
import { decodeQrImage } from './qr-image';
import { readQrisText } from './qris-text';
import { RenameAccountCard } from './RenameAccountCard';

interface PayAnswer {
  ok: boolean;
  rd: string;
  result: SimulatorPayResult | null;
}

function ResultCard({ answer }: { answer: PayAnswer }) {
  const { t } = useTranslation();
  const result = answer.result;
  return (
    <Card withBorder radius="md" p="lg" data-testid="simulator-result">
      <Stack gap="sm">
        <Title order={4}>{t('simulator.result')}</Title>
        <Alert
          color={answer.ok ? 'green' : 'red'}
          icon={answer.ok ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
          data-testid="simulator-result-message"
        >
          {answer.rd}
        </Alert>
        {result && (
          <Table withRowBorders={false} verticalSpacing={4} layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="38%">{t('simulator.fieldReference')}</Table.Th>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Text
                      ff="monospace"
                      size="sm"
                      style={{ wordBreak: 'break-all' }}
                      data-testid="simulator-result-reference"
                    >
                      {result.reference}
                    </Text>
                    <CopyButton value={result.reference}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            onClick={copy}
                            aria-label={t('common.copy')}
                          >
                            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  </Group>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('simulator.fieldStatus')}</Table.Th>
                <Table.Td>
                  <Group gap={6}>
                    <Badge
                      color={result.status === 'SUCCESS' ? 'green' : 'red'}
                      data-testid="simulator-result-status"
                      data-status={result.status}
                    >
                      {t(`simulator.status.${result.status}`)}
                    </Badge>
                    {result.replayed && (
                      <Badge color="gray" variant="light">
                        {t('simulator.replayed')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
              {result.id_transaksi && (
                <Table.Tr>
                  <Table.Th>{t('simulator.fieldTransaction')}</Table.Th>
                  <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {result.id_transaksi}
                  </Table.Td>
                </Table.Tr>
              )}
              {result.outcome && (
                <Table.Tr>
                  <Table.Th>{t('simulator.fieldOutcome')}</Table.Th>
                  <Table.Td>{t(`simulator.outcome.${result.outcome}`)}</Table.Td>
                </Table.Tr>
              )}
              {result.reason && (
                <Table.Tr>
                  <Table.Th>{t('simulator.fieldReason')}</Table.Th>
                  <Table.Td ff="monospace">{result.reason}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function SettlementCard() {
  const { t } = useTranslation();
  const [running, setRunning] = useState<'due' | 'all' | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; rd: string } | null>(null);
  const settle = async (all: boolean) => {
    setRunning(all ? 'all' : 'due');
    const res = await client.call(devCalls.simulatorSettle, all ? { all: true } : {}, {
      silent: true,
    });
    setRunning(null);
    setAnswer({ ok: res.rc === RC.OK && !res.data?.skipped, rd: res.rd });
  };
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={4}>{t('simulator.settleTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('simulator.settleHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button
            variant="light"
            loading={running === 'due'}
            disabled={running !== null}
            onClick={() => void settle(false)}
            data-testid="simulator-settle-due"
          >
            {t('simulator.settleDue')}
          </Button>
          <Button
            loading={running === 'all'}
            disabled={running !== null}
            onClick={() => void settle(true)}
            data-testid="simulator-settle-all"
          >
            {t('simulator.settleAll')}
          </Button>
        </SimpleGrid>
        {answer && (
          <Alert
            color={answer.ok ? 'green' : 'orange'}
            icon={answer.ok ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
            data-testid="simulator-settle-message"
          >
            {answer.rd}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

interface PayFormValues {
  number: string;
  amount: number | '';
}

function PayForm({ onAnswer }: { onAnswer: (answer: PayAnswer) => void }) {
  const { t } = useTranslation();
  // A hosted checkout link (the payment link's "Bayar Sekarang") opens the form filled in.
  const [prefill] = useState(() => new URLSearchParams(window.location.search));
  const [channel, setChannel] = useState<SimulatorPayChannel>(() => {
    const asked = prefill.get('channel');
    return asked === 'ewallet' || asked === 'card' ? asked : 'va';
  });
  const form = useForm<PayFormValues>({
    defaultValues: {
      number: prefill.get('number') ?? '',
      amount: Number(prefill.get('amount')) || '',
    },
    resolver: requestResolver<PayFormValues>(
      () => simulatorPayFormSchema,
      (values) => ({ channel, ...values }),
    ),
  });
  const { number, amount } = form.watch();
  const setNumber = (value: string) => form.setValue('number', value);
  const setAmount = (value: number | '') => form.setValue('amount', value);
  const [reference, setReference] = useState('');
  // Only the first problem in the server's order shows, under its field, until the next submit.
  const [error, setError] = useState<{ field: string; key: string } | null>(null);
  const [qrNote, setQrNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [paying, setPaying] = useState(false);
  const qris = useMemo(
    () => (channel === 'qris' ? readQrisText(number) : { amount: null, merchant: null }),
    [channel, number],
  );

  const chooseChannel = (next: string) => {
    setChannel(next as SimulatorPayChannel);
    setNumber('');
    setAmount('');
    setError(null);
    setQrNote(null);
  };

  const takePayload = (payload: string) => {
    setNumber(payload);
    const read = readQrisText(payload);
    if (read.amount !== null) setAmount(read.amount);
  };

  const onImage = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setQrNote({ ok: false, text: t('simulator.qrNotImage') });
      return;
    }
    const text = await decodeQrImage(file).catch(() => null);
    if (!text) {
      setQrNote({ ok: false, text: t('simulator.qrNotFound') });
      return;
    }
    setQrNote({ ok: true, text: t('simulator.qrRead', { name: file.name }) });
    setError(null);
    takePayload(text);
  };

  const onInvalid = (errors: FieldErrors<PayFormValues>) => {
    const first = firstFieldError(errors);
    setError(first && { field: first.field, key: first.message });
  };
  const onValid = async () => {
    setError(null);
    setPaying(true);
    const res = await client.call(
      devCalls.simulatorPay,
      {
        channel,
        number: number.trim(),
        // The resolver let the form through: the amount is a number by now.
        amount: amount as number,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      },
      { silent: true },
    );
    setPaying(false);
    const result =
      res.data && typeof res.data === 'object' && 'status' in res.data ? res.data : null;
    onAnswer({ ok: res.rc === RC.OK, rd: res.rd, result });
  };

  const numberProps = {
    label: t(`simulator.numberLabel.${channel}`),
    placeholder: t(`simulator.numberPlaceholder.${channel}`),
    value: number,
    error: error?.field === 'number' ? t(error.key) : null,
    'data-testid': 'simulator-number',
  };

  return (
    <Card withBorder radius="md" p="lg">
      <form
        onSubmit={form.handleSubmit(onValid, onInvalid)}
        noValidate
        data-testid="simulator-pay-form"
      >
        <Stack gap="md">
          <Box>
            <Text size="sm" fw={500} mb={4}>
              {t('simulator.channelLabel')}
            </Text>
            {/* Chips wrap: six channels do not fit one segmented row in the form's column. */}
            <Chip.Group multiple={false} value={channel} onChange={chooseChannel}>
              <Group gap="xs" data-testid="simulator-channel">
                {SIMULATOR_PAY_CHANNELS.map((value) => (
                  <Chip key={value} value={value} radius="sm">
                    {t(`simulator.channels.${value}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Box>
          {channel === 'qris' ? (
            <Stack gap="xs">
              <Textarea
                {...numberProps}
                autosize
                minRows={3}
                maxRows={6}
                styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
                onChange={(e) => takePayload(e.currentTarget.value)}
              />
              <Group gap="sm" align="center">
                <FileButton onChange={(file) => void onImage(file)} accept="image/*">
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconUpload size={16} />}
                      data-testid="simulator-upload-qr"
                    >
                      {t('simulator.uploadQr')}
                    </Button>
                  )}
                </FileButton>
                {qrNote && (
                  <Text
                    size="sm"
                    c={qrNote.ok ? 'green.8' : 'red.7'}
                    data-testid="simulator-qr-note"
                    style={{ wordBreak: 'break-word' }}
                  >
                    {qrNote.text}
                  </Text>
                )}
              </Group>
              {qris.merchant && (
                <Group gap="md" align="center" wrap="nowrap">
                  <QrCode value={number.trim()} size={112} alt={t('simulator.numberLabel.qris')} />
                  <Text size="sm" data-testid="simulator-qris-merchant">
                    {t('simulator.qrisMerchant', { name: qris.merchant })}
                  </Text>
                </Group>
              )}
            </Stack>
          ) : (
            <TextInput
              {...numberProps}
              inputMode={channel === 'ewallet' || channel === 'card' ? 'text' : 'numeric'}
              onChange={(e) => setNumber(e.currentTarget.value)}
            />
          )}
          <NumberInput
            label={t('simulator.amount')}
            value={amount}
            onChange={(value) => setAmount(typeof value === 'number' ? value : '')}
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
            allowNegative={false}
            hideControls
            description={qris.amount !== null ? t('simulator.amountFromQris') : undefined}
            error={error?.field === 'amount' ? t(error.key) : null}
            data-testid="simulator-amount"
          />
          <TextInput
            label={t('simulator.reference')}
            description={t('simulator.referenceHint')}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            maxLength={64}
            data-testid="simulator-reference"
          />
          <Button type="submit" size="md" loading={paying} data-testid="simulator-pay">
            {t('simulator.pay')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * `/dev/simulator`, demo and test mode only: the payer's side of the rails simulator. A person
 * pays what the pay-in block issued (a VA, a QRIS payload or its QR image, a retail code, an
 * e-wallet checkout, a bank transfer) and runs settlement now. No portal session needed; the
 * server refuses (and does not even register) these calls in production.
 */
export default function SimulatorPage() {
  const { t, i18n } = useTranslation();
  const [answer, setAnswer] = useState<PayAnswer | null>(null);
  const config = useQuery({
    queryKey: callKey(authCalls.appConfig),
    queryFn: async () => (await client.call(authCalls.appConfig, undefined, { silent: true })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (config.isLoading) return <PageLoader />;
  const available = config.data?.demo === true;

  return (
    <Box mih="100vh" bg="gray.0" py="lg">
      <Container size="lg">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Group gap={10} wrap="nowrap" align="center">
              <img src="/favicon.svg" alt="" width={36} height={36} />
              <Box>
                <Group gap={8}>
                  <Title order={2} size="h3">
                    {t('simulator.title')}
                  </Title>
                  {available && (
                    <Badge color="orange" variant="light" leftSection={<IconFlask size={12} />}>
                      {t('simulator.demoOnly')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('simulator.subtitle')}
                </Text>
              </Box>
            </Group>
            <Group gap="sm">
              {available && (
                <Anchor
                  component={Link}
                  to="/dev/mailbox"
                  size="sm"
                  data-testid="simulator-mailbox-link"
                >
                  <Group gap={4} wrap="nowrap">
                    <IconMail size={16} />
                    {t('simulator.mailbox')}
                  </Group>
                </Anchor>
              )}
              <SegmentedControl
                size="xs"
                aria-label={t('common.language')}
                data-testid="simulator-language"
                value={i18n.language}
                onChange={(value) => void changeLanguage(value as Language)}
                data={LANGUAGES.map((lang) => ({ value: lang, label: lang.toUpperCase() }))}
              />
            </Group>
          </Group>
          {available ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <PayForm onAnswer={setAnswer} />
              <Stack gap="lg">
                {answer && <ResultCard answer={answer} />}
                <SettlementCard />
                <RenameAccountCard />
              </Stack>
            </SimpleGrid>
          ) : (
            <Center py="xl">
              <Alert
                color="gray"
                icon={<IconFlask size={18} />}
                data-testid="simulator-unavailable"
              >
                {t('simulator.notAvailable')}
              </Alert>
            </Center>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
