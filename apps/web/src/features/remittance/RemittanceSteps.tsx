import { formatRupiah, formatThousands } from '@gerbang/shared';
import { invoiceCalls } from '@gerbang/shared/contract/invoice-calls';
import type {
  RemittanceInquiryResult,
  RemittanceReceipt,
} from '@gerbang/shared/contract/remittance';
import { REMITTANCE_LIMITS } from '@gerbang/shared/contract/remittance';
import {
  Accordion,
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconMail, IconWorld } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';
import { PaymentDetailTable } from '../../components/PaymentDetailTable';
import { ReceiptFooter } from '../../components/ReceiptFooter';
import { callUrl } from '../../lib/api';
import { copyWithDialog } from '../../lib/copy';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ wordBreak: 'break-word' }} data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

function Copy({ value, message, testId }: { value: string; message: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('common.copy')}>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={t('common.copy')}
        onClick={() => void copyWithDialog(value, message)}
        data-testid={testId}
      >
        <IconCopy size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

const foreign = (currency: string, amount: number) => `${currency} ${formatThousands(amount)}`;

/** "SGD 41 × Rp 12.089 = Rp 495.649": how the charged rupiah follow from what is sent. */
const calculation = (x: {
  currency: string;
  nominal_destination: number;
  selling_rate: number;
  nominal: number;
}) =>
  `${foreign(x.currency, x.nominal_destination)} × ${formatRupiah(x.selling_rate)} = ${formatRupiah(x.nominal)}`;

/**
 * Only whole destination units are sent and only they are charged: when the rupiah typed bought a
 * fraction more, the result says what was typed, the rounding left in the balance and why.
 */
function Rounding({ inquiry }: { inquiry: RemittanceInquiryResult }) {
  const { t } = useTranslation();
  if (inquiry.rounding <= 0) return null;
  return (
    <>
      <Row label={t('remittance.result.requested')} testId="result-requested">
        <Money value={inquiry.nominal_requested} />
      </Row>
      <Row label={t('remittance.result.rounding')} testId="result-rounding">
        {`− ${formatRupiah(inquiry.rounding)}`}
      </Row>
      <Alert color="yellow" p="xs" data-testid="result-rounding-note">
        {t('remittance.result.roundingNote', {
          destination: foreign(inquiry.currency, inquiry.nominal_destination),
          charged: formatRupiah(inquiry.nominal),
          rounding: formatRupiah(inquiry.rounding),
        })}
      </Alert>
    </>
  );
}

interface ResultProps {
  inquiry: RemittanceInquiryResult;
  pin: string;
  onPinChange(pin: string): void;
  onWithdraw(): void;
  onReset(): void;
  paying: boolean;
}

/**
 * The generic payment-detail table of spec 02 §2.4 over this inquiry, in a dialog: every
 * key/value row the server returned, ADMIN FEE, TOTAL PAYMENT, the same PIN as the step, and
 * Transfer (the step's withdraw) and Reset (back to the form).
 */
function PaymentDetails(props: ResultProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { inquiry } = props;
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)} data-testid="remittance-details">
        {t('remittance.result.details')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('remittance.result.details')}
      >
        <PaymentDetailTable
          productName={inquiry.produkname}
          rows={Object.entries(inquiry.tabledata).filter(
            (entry): entry is [string, string | number] => entry[1] !== undefined,
          )}
          adminFee={inquiry.nominal_admin}
          total={inquiry.total}
          pin={props.pin}
          pinMax={REMITTANCE_LIMITS.secretMax}
          onPinChange={props.onPinChange}
          onTransfer={() => {
            setOpened(false);
            props.onWithdraw();
          }}
          onReset={() => {
            setOpened(false);
            props.onReset();
          }}
          busy={props.paying}
        />
      </Modal>
    </>
  );
}

/** Step 2 (spec 02 §2.4 result screen): the summary, the OTP notice and the PIN field. */
export function RemittanceResult(props: ResultProps) {
  const { inquiry, pin, onPinChange, onWithdraw, paying } = props;
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onWithdraw();
      }}
      data-testid="remittance-result"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconWorld size={32} color="var(--mantine-color-blue-6)" />
          <Text fw={700}>{inquiry.produkname}</Text>
        </Group>
        <Row label={t('remittance.result.accountNumber')} testId="result-account-number">
          {inquiry.tabledata['NO PELANGGAN']}
        </Row>
        <Row label={t('remittance.result.accountName')} testId="result-account-name">
          {inquiry.tabledata['NAMA PELANGGAN']}
        </Row>
        <Rounding inquiry={inquiry} />
        <Row label={t('remittance.result.amount')} testId="result-amount">
          <Money value={inquiry.nominal} />
        </Row>
        <Row label={t('remittance.result.destinationAmount')} testId="result-destination">
          {foreign(inquiry.currency, inquiry.nominal_destination)}
        </Row>
        <Row label={t('remittance.result.rate')} testId="result-rate">
          1 {inquiry.currency} = {formatRupiah(inquiry.selling_rate)}
        </Row>
        <Row label={t('remittance.result.calculation')} testId="result-calculation">
          {calculation(inquiry)}
        </Row>
        <Row label={t('remittance.result.adminFee')} testId="result-fee">
          <Money value={inquiry.nominal_admin} />
        </Row>
        <Divider />
        <Row label={t('remittance.result.total')} testId="result-total">
          <Money value={inquiry.total} />
        </Row>
        <Alert color="blue" icon={<IconMail size={18} />} data-testid="remittance-otp-notice">
          {t('remittance.result.otpNotice', { email: inquiry.email })}
        </Alert>
        <PasswordInput
          label={t('remittance.result.pin')}
          value={pin}
          maxLength={REMITTANCE_LIMITS.secretMax}
          autoComplete="one-time-code"
          inputMode="numeric"
          onChange={(event) => onPinChange(event.currentTarget.value)}
          data-testid="remittance-pin"
        />
        <Button type="submit" loading={paying} data-testid="remittance-withdraw">
          {t('remittance.result.withdraw')}
        </Button>
        <PaymentDetails {...props} />
      </Stack>
    </form>
  );
}

const STATUS_COLOUR = { PROCESS: 'yellow', SUCCESS: 'green', FAILED: 'red' } as const;

/** Step 3 (spec 02 §2.4 receipt). */
export function RemittanceReceiptView({
  receipt,
  checking,
  onReset,
}: {
  receipt: RemittanceReceipt;
  checking: boolean;
  onReset(): void;
}) {
  const { t } = useTranslation();
  const invoiceHref = callUrl(invoiceCalls.open, {
    id_transaksi: receipt.id_transaksi,
    date: receipt.transaction_date,
  });
  return (
    <Stack gap="sm" data-testid="remittance-receipt">
      <Group justify="space-between" wrap="nowrap">
        <IconWorld size={32} color="var(--mantine-color-blue-6)" />
        <Badge color={STATUS_COLOUR[receipt.status_trx]} size="lg" data-testid="receipt-status">
          {t(`remittance.status.${receipt.status_trx}`)}
        </Badge>
      </Group>
      <Row label={t('remittance.receipt.orderId')} testId="receipt-order-id">
        {receipt.id_transaksi}
      </Row>
      <Row label={t('remittance.receipt.date')} testId="receipt-date">
        {receipt.tanggal_transaksi}
      </Row>
      <Row label={t('remittance.receipt.channel')}>{receipt.nama_channel}</Row>
      <Row label={t('remittance.receipt.customer')} testId="receipt-customer">
        {receipt.nama_pelanggan}
      </Row>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('remittance.receipt.accountNumber')}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600} data-testid="receipt-account">
            {receipt.no_pelanggan}
          </Text>
          <Copy
            value={receipt.no_pelanggan}
            message={t('remittance.receipt.copyAccount')}
            testId="copy-account"
          />
        </Group>
      </Group>
      <Row label={t('remittance.receipt.nominal')} testId="receipt-amount">
        <Money value={receipt.nominal} />
      </Row>
      <Row label={t('remittance.receipt.destinationAmount')} testId="receipt-destination">
        {foreign(receipt.currency, receipt.nominal_destination)}
      </Row>
      <Row label={t('remittance.receipt.rate')}>
        1 {receipt.currency} = {formatRupiah(receipt.selling_rate)}
      </Row>
      <Row label={t('remittance.receipt.calculation')} testId="receipt-calculation">
        {calculation(receipt)}
      </Row>
      <Row label={t('remittance.receipt.adminFee')} testId="receipt-fee">
        <Money value={receipt.nominal_admin} />
      </Row>
      <Divider />
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('remittance.receipt.total')}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} data-testid="receipt-total">
            {formatRupiah(receipt.total)}
          </Text>
          <Copy
            value={String(receipt.total)}
            message={t('remittance.receipt.copyTotal')}
            testId="copy-total"
          />
        </Group>
      </Group>
      {receipt.token_code && (
        <Paper withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {t('remittance.receipt.pickupCode')}
          </Text>
          <Text fw={800} size="xl" ff="monospace" data-testid="receipt-pickup-code">
            {receipt.token_code}
          </Text>
          <Text size="xs" c="dimmed" mt="xs">
            {t('remittance.receipt.note')}
          </Text>
          <Text size="sm">{receipt.note}</Text>
        </Paper>
      )}
      <ReceiptFooter
        status={receipt.status_trx}
        note={receipt.keterangan}
        checking={checking}
        invoiceHref={invoiceHref}
        onReset={onReset}
        labels={{
          checking: t('remittance.receipt.checking'),
          invoice: t('remittance.receipt.invoice'),
          reset: t('remittance.receipt.reset'),
        }}
      />
    </Stack>
  );
}

const QUESTIONS = [1, 2, 3] as const;

export function RemittanceFaq({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('remittance.faq.title')} centered>
      <Accordion variant="separated" defaultValue="q1" data-testid="remittance-faq">
        {QUESTIONS.map((n) => (
          <Accordion.Item key={n} value={`q${n}`}>
            <Accordion.Control>{t(`remittance.faq.q${n}`)}</Accordion.Control>
            <Accordion.Panel>{t(`remittance.faq.a${n}`)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Modal>
  );
}
