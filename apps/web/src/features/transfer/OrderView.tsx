import { formatRupiah, formatWibDateTime } from '@gerbang/shared';
import type { TransferOrder } from '@gerbang/shared/contract/transfer';
import { transferCalls } from '@gerbang/shared/contract/transfer-calls';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BankGuideTabs } from '../../components/BankGuideTabs';
import { QrCode } from '../../components/QrCode';
import { SaveAsFavouriteButton } from '../../components/SaveAsFavouriteButton';
import { client as apiClient } from '../../lib/api';
import { copyWithDialog } from '../../lib/copy';
import { useServerNow } from '../../lib/server-clock';

const pad = (n: number) => String(n).padStart(2, '0');
function countdown(until: Date, now: Date): string {
  const left = Math.max(0, Math.floor((until.getTime() - now.getTime()) / 1000));
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}

const BADGE: Record<string, string> = {
  NEW: 'yellow',
  EXPIRED: 'gray',
  PAID: 'blue',
  PROCESS_COMPLETED: 'yellow',
  COMPLETED: 'green',
  FAILED: 'red',
  PARTLY_SENT: 'orange',
};

/** Spec 02 §4 line status 1: the bank accepted the transfer. */
const LINE_SENT = 1;

/**
 * What the page calls the order: the server's FAILED covers "no line sent" and "some lines sent";
 * the second is shown as partly sent, since part of the money did reach its payees.
 */
export function orderDisplayKey(order: TransferOrder): string {
  const sent = order.list_order.filter((line) => line.status === LINE_SENT).length;
  return order.status === 'FAILED' && sent > 0 ? 'PARTLY_SENT' : order.status;
}

/** Spec 02 §4 line statuses: 1 sent, 2 failed; the rest are still moving. */
const LINE_COLOR: Record<number, string> = { 1: 'green.8', 2: 'red.8' };

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={BADGE[status] ?? 'red'} variant="light" data-testid="order-status">
      {t(`transfer.statusLabel.${status}`)}
    </Badge>
  );
}

/** A failed or partly sent order: how many lines went out and what came back to the balance. */
function FailureSummary({ order }: { order: TransferOrder }) {
  const { t } = useTranslation();
  if (order.status !== 'FAILED') return null;
  const sent = order.list_order.filter((line) => line.status === LINE_SENT).length;
  const amount = formatRupiah(order.returned_amount);
  return (
    <Alert color={sent > 0 ? 'orange' : 'red'} data-testid="order-failure-summary">
      {sent > 0
        ? t('transfer.partlySent', { sent, total: order.list_order.length, amount })
        : t('transfer.allFailed', { amount })}
    </Alert>
  );
}

function CopyButton({ text, message, testId }: { text: string; message: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('transfer.copy')}>
      <ActionIcon
        variant="subtle"
        aria-label={t('transfer.copy')}
        onClick={() => void copyWithDialog(text, message)}
        data-testid={testId}
      >
        <IconCopy size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** How to pay a NEW order: the instrument, the total, the countdown and the bank's steps. */
export function PaymentInstructions({ order }: { order: TransferOrder }) {
  const { t } = useTranslation();
  const now = useServerNow(1_000);
  const { channel } = order;
  const expires = new Date(order.expired);
  const numberLabel =
    channel.kind === 'VA'
      ? t('transfer.vaNumber')
      : channel.kind === 'TRANSFER'
        ? t('transfer.bankAccount')
        : t('transfer.payCode');
  return (
    <Card withBorder radius="md" p="lg" data-testid="payment-instructions">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            {(channel.kind === 'VA' || channel.kind === 'TRANSFER') && (
              <Image src={channel.url_image} w={40} h={40} fit="contain" alt="" />
            )}
            <Text fw={600}>{channel.channel_name}</Text>
          </Group>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('transfer.timeLeft')}
            </Text>
            <Text ff="monospace" fw={700} data-testid="order-countdown">
              {countdown(expires, now)}
            </Text>
          </Stack>
        </Group>
        {channel.kind === 'QRIS' && channel.qris_payload ? (
          <Stack align="center" gap={4}>
            <QrCode value={channel.qris_payload} alt="QRIS" data-testid="order-qris" />
            <Text size="sm" c="dimmed">
              {t('transfer.scanQris')}
            </Text>
          </Stack>
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {numberLabel}
                {channel.kind === 'TRANSFER' ? ` · ${channel.account_number_name}` : ''}
              </Text>
              <Text ff="monospace" fw={700} size="xl" data-testid="order-pay-number">
                {channel.account_number}
              </Text>
            </Stack>
            <CopyButton
              text={channel.account_number}
              message={t('transfer.vaCopied')}
              testId="copy-number"
            />
          </Group>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('transfer.total')}
            </Text>
            <Text fw={700} size="xl" data-testid="order-pay-total">
              {formatRupiah(order.payment_amount)}
            </Text>
            {channel.unique_amount > 0 && (
              <Text size="xs" c="dimmed">
                {t('transfer.uniqueCode')}: {channel.unique_amount}
              </Text>
            )}
          </Stack>
          <CopyButton
            text={String(order.payment_amount)}
            message={t('transfer.totalCopied')}
            testId="copy-total"
          />
        </Group>
        <Text size="sm">
          {t('transfer.payBefore')}: {order.expired_str}
        </Text>
        <Alert color="blue" variant="light">
          {channel.kind === 'TRANSFER'
            ? `${t('transfer.exactAmount')} ${t('transfer.help.TRANSFER')}`
            : t(`transfer.help.${channel.kind}`)}
        </Alert>
        {channel.kind === 'VA' && (
          <Stack gap={4}>
            <Text fw={600}>{t('transfer.howToPay')}</Text>
            <BankGuideTabs
              code={channel.code}
              va={channel.account_number}
              overrides={{
                amount: t('transfer.guide.amount', { total: formatRupiah(order.payment_amount) }),
                done: t('transfer.guide.done'),
              }}
            />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function ConfirmPanel({ order }: { order: TransferOrder }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (order.channel.kind !== 'TRANSFER' || order.status === 'COMPLETED') return null;
  if (order.is_confirm_transfer) {
    return (
      <Alert color="green" data-testid="confirm-done">
        {t('transfer.confirmedWaiting')}
      </Alert>
    );
  }
  if (order.status !== 'NEW') return null;
  return (
    <Card withBorder radius="md" p="md" data-testid="confirm-panel">
      <Stack gap="xs">
        <Text fw={600}>{t('transfer.confirmTitle')}</Text>
        <Text size="sm">{t('transfer.confirmHelp')}</Text>
        <Button
          loading={busy}
          onClick={async () => {
            setBusy(true);
            const res = await apiClient.call(transferCalls.confirmOrder, {
              username: '',
              id_order: order.id_order,
            });
            setBusy(false);
            if (res.rc === '00')
              client.setQueryData(['transfer', 'order', order.id_order], res.data);
          }}
          data-testid="confirm-button"
        >
          {t('transfer.confirmButton')}
        </Button>
      </Stack>
    </Card>
  );
}

/** The order detail of spec 02 §2.6 / §4: heading per status, channel, items, confirm panel. */
export function OrderView({ order }: { order: TransferOrder }) {
  const { t } = useTranslation();
  const done = order.status === 'COMPLETED';
  const ended = order.status === 'FAILED' && order.time_completed !== null;
  const displayKey = orderDisplayKey(order);
  const rows: Array<[string, string, string]> = [
    ['id', t('transfer.orderId'), order.id_order],
    ['channel', t('transfer.channel'), order.channel.channel_name],
    [
      'type',
      t('transfer.transferType'),
      order.channel.channel_type === 'TRANSFER'
        ? t('transfer.channelTypeTransfer')
        : t('transfer.channelTypeVa'),
    ],
    ['account', t('transfer.payTo'), order.channel.account_number],
    ['nominal', t('transfer.nominal'), formatRupiah(order.amount)],
    ['admin', t('transfer.adminFee'), formatRupiah(order.feeamount)],
    ['service', t('transfer.serviceFee'), formatRupiah(order.service_fee)],
    ...(order.voucher_amount > 0
      ? ([
          [
            'voucher',
            `${t('transfer.voucher')} ${order.kode_voucher}`,
            `- ${formatRupiah(order.voucher_amount)}`,
          ],
        ] as Array<[string, string, string]>)
      : []),
    ['total', t('transfer.total'), formatRupiah(order.payment_amount)],
    ...(order.returned_amount > 0
      ? ([['returned', t('transfer.returned'), formatRupiah(order.returned_amount)]] as Array<
          [string, string, string]
        >)
      : []),
    timeRow(),
  ];
  // A paid order has no expiry left to show: an ended one shows when it ended.
  function timeRow(): [string, string, string] {
    if (done && order.time_completed)
      return ['time', t('transfer.successTime'), formatWibDateTime(new Date(order.time_completed))];
    if (ended && order.time_completed)
      return [
        'time',
        t('transfer.finishedTime'),
        formatWibDateTime(new Date(order.time_completed)),
      ];
    return ['time', t('transfer.expiryTime'), order.expired_str];
  }
  return (
    <Stack gap="md" data-testid="order-view">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} data-testid="order-heading">
          {t(`transfer.heading.${displayKey}`)}
        </Title>
        <StatusBadge status={displayKey} />
      </Group>
      <FailureSummary order={order} />
      {order.status === 'NEW' && <PaymentInstructions order={order} />}
      <ConfirmPanel order={order} />
      <Card withBorder radius="md" p="md">
        <Table>
          <Table.Tbody>
            {rows.map(([key, label, value]) => (
              <Table.Tr key={key}>
                <Table.Td c="dimmed" w="45%">
                  {label}
                </Table.Td>
                <Table.Td fw={key === 'total' ? 700 : 500} data-testid={`order-${key}`}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder radius="md" p="md">
        <Text fw={600} mb="xs">
          {t('transfer.items')}
        </Text>
        <Table.ScrollContainer minWidth={320}>
          <Table striped data-testid="order-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transfer.accountName')}</Table.Th>
                <Table.Th>{t('transfer.accountNumber')}</Table.Th>
                <Table.Th ta="right">{t('transfer.nominal')}</Table.Th>
                <Table.Th>{t('transfer.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.list_order.map((line) => (
                <Table.Tr key={line.id_inquiry} data-testid="order-item">
                  <Table.Td>
                    {line.account_name}
                    {line.status === LINE_SENT && (
                      <SaveAsFavouriteButton reference={line.id_inquiry} compact />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{line.bank_name}</Text>
                    <Text size="xs" c="dimmed">
                      {line.account_number}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatRupiah(line.amount)}</Table.Td>
                  <Table.Td data-testid="order-item-status">
                    <Text size="sm" fw={500} c={LINE_COLOR[line.status]} data-status={line.status}>
                      {t(`transfer.lineStatus.${line.status}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
