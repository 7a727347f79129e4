import { formatRupiah } from '@gerbang/shared';
import { invoiceCalls } from '@gerbang/shared/contract/invoice-calls';
import type { WithdrawPaymentResult } from '@gerbang/shared/contract/withdraw';
import {
  ActionIcon,
  Badge,
  Divider,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';
import { ReceiptFooter } from '../../components/ReceiptFooter';
import { callUrl } from '../../lib/api';
import { copyWithDialog } from '../../lib/copy';
import { numberLabelKey, Row } from './InquiryResult';

// Loaded with the receipt, not with the page (the page's bundle budget).
const SaveAsFavouriteButton = lazy(() =>
  import('../../components/SaveAsFavouriteButton').then((m) => ({
    default: m.SaveAsFavouriteButton,
  })),
);

const STATUS_COLOUR = { PROCESS: 'yellow', SUCCESS: 'green', FAILED: 'red' } as const;

function CopyButton({
  value,
  message,
  testId,
}: {
  value: string;
  message: string;
  testId: string;
}) {
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

interface Props {
  receipt: WithdrawPaymentResult;
  checking: boolean;
  onReset(): void;
}

/** Step 3: the transfer result (spec 02 §2.1), with the retail pickup code and how to collect. */
export function Receipt({ receipt, checking, onReset }: Props) {
  const { t } = useTranslation();
  const invoiceHref = callUrl(invoiceCalls.open, {
    id_transaksi: receipt.id_transaksi,
    date: receipt.transaction_date,
  });
  return (
    <Stack gap="sm" data-testid="withdraw-receipt">
      <Group justify="space-between" wrap="nowrap">
        <Image src={receipt.url_image} alt={receipt.nama_channel} w={80} h={32} fit="contain" />
        <Badge color={STATUS_COLOUR[receipt.status_trx]} size="lg" data-testid="receipt-status">
          {t(`withdraw.receipt.statuses.${receipt.status_trx}`)}
        </Badge>
      </Group>
      <Row label={t('withdraw.receipt.orderId')} testId="receipt-order-id">
        {receipt.id_transaksi}
      </Row>
      <Row label={t('withdraw.receipt.date')} testId="receipt-date">
        {receipt.tanggal_transaksi}
      </Row>
      <Row label={t('withdraw.receipt.channel')}>{receipt.nama_channel}</Row>
      <Row label={t('withdraw.receipt.customerName')} testId="receipt-customer">
        {receipt.nama_pelanggan}
      </Row>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t(
            receipt.token_code
              ? numberLabelKey('RETAIL')
              : receipt.id_produk === 'TRANSFEREWALLET'
                ? numberLabelKey('EWALLET')
                : 'withdraw.receipt.accountNumber',
          )}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600} data-testid="receipt-account">
            {receipt.no_pelanggan}
          </Text>
          <CopyButton
            value={receipt.no_pelanggan}
            message={t('withdraw.receipt.accountCopied')}
            testId="copy-account"
          />
        </Group>
      </Group>
      <Row label={t('withdraw.receipt.amount')} testId="receipt-amount">
        <Money value={receipt.nominal} />
      </Row>
      <Row label={t('withdraw.receipt.adminFee')} testId="receipt-fee">
        <Money value={receipt.nominal_admin} />
      </Row>
      <Divider />
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('withdraw.receipt.total')}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} data-testid="receipt-total">
            {formatRupiah(receipt.total)}
          </Text>
          <CopyButton
            value={String(receipt.total)}
            message={t('withdraw.receipt.totalCopied')}
            testId="copy-total"
          />
        </Group>
      </Group>
      {receipt.token_code && (
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-blue-0)">
          <Text size="xs" c="dimmed">
            {t('withdraw.receipt.pickupCode')}
          </Text>
          <Text
            fw={800}
            size="xl"
            ff="monospace"
            style={{ letterSpacing: 2 }}
            data-testid="receipt-pickup-code"
          >
            {receipt.token_code}
          </Text>
          <Text size="xs" c="dimmed" mt="xs">
            {t('withdraw.receipt.howToPay')}
          </Text>
          <Text size="sm" data-testid="receipt-how-to-pay">
            {receipt.note}
          </Text>
        </Paper>
      )}
      {!receipt.token_code && (
        <Suspense fallback={null}>
          <SaveAsFavouriteButton reference={receipt.id_transaksi} />
        </Suspense>
      )}
      <ReceiptFooter
        status={receipt.status_trx}
        note={receipt.keterangan}
        checking={checking}
        invoiceHref={invoiceHref}
        onReset={onReset}
        labels={{
          checking: t('withdraw.receipt.checking'),
          invoice: t('withdraw.receipt.showInvoice'),
          reset: t('withdraw.receipt.reset'),
        }}
      />
    </Stack>
  );
}
