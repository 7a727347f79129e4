import { formatRupiah, formatWibDateTime } from '@gerbang/shared';
import type { TopupResult } from '@gerbang/shared/contract/topup';
import { topupCalls } from '@gerbang/shared/contract/topup-calls';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callQuery } from '../../lib/api';
import { copyWithDialog } from '../../lib/copy';
import { useLiveConnected } from '../../lib/live-events';
import { useServerNow } from '../../lib/server-clock';
import { countdown } from './countdown';

interface Props {
  result: TopupResult;
  onAgain(): void;
}

/** How often the order view asks whether its transfer arrived: the live stream down, or up. */
const STATUS_POLL_MS = 3_000;
const STATUS_POLL_LIVE_MS = 30_000;

/**
 * The deposit's status: the live `topup` event refetches it at once (lib/live-queries.ts), polled
 * only as the fallback while it is open; the view flips once the transfer is matched.
 */
function useTopupStatus(idDeposit: string) {
  const live = useLiveConnected();
  return useQuery({
    ...callQuery(topupCalls.status, { idDeposit }, { silent: true }),
    retry: false,
    refetchInterval: (query) =>
      !query.state.data || query.state.data.status === 'OPEN'
        ? live
          ? STATUS_POLL_LIVE_MS
          : STATUS_POLL_MS
        : false,
  });
}

export function TopupSuccess({ result, onAgain }: Props) {
  const { t } = useTranslation();
  const now = useServerNow(1_000);
  const status = useTopupStatus(result.idDeposit).data?.status ?? 'OPEN';
  const expires = new Date(result.expiredTime);
  const copy = (text: string, what: string) =>
    void copyWithDialog(text, t('topup.success.copied', { what }));

  const rows: Array<{
    key: string;
    label: string;
    value: string;
    copy?: string;
    strong?: boolean;
  }> = [
    {
      key: 'order-id',
      label: t('topup.success.orderId'),
      value: result.idDeposit,
      copy: result.idDeposit,
    },
    { key: 'bank', label: t('topup.success.bank'), value: result.namabank },
    {
      key: 'account-number',
      label: t('topup.success.accountNumber'),
      value: result.noRekening,
      copy: result.noRekening,
    },
    { key: 'account-name', label: t('topup.success.accountName'), value: result.atasNamaRekening },
    { key: 'nominal', label: t('topup.success.nominal'), value: formatRupiah(result.nominal) },
    {
      key: 'unique-code',
      label: t('topup.success.uniqueCode'),
      value: formatRupiah(result.nominalUnik),
    },
    {
      key: 'total',
      label: t('topup.success.total'),
      value: formatRupiah(result.nominalTransfer),
      copy: String(result.nominalTransfer),
      strong: true,
    },
  ];

  if (status === 'PAID') {
    return (
      <Stack gap="md" data-testid="topup-success">
        <Alert
          color="green"
          icon={<IconCircleCheck />}
          title={t('topup.success.paidTitle')}
          data-testid="topup-paid"
        >
          {t('topup.success.paidText', { total: formatRupiah(result.nominalTransfer) })}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('topup.success.orderId')}: {result.idDeposit}
        </Text>
        <Button variant="light" onClick={onAgain} data-testid="topup-again">
          {t('topup.success.again')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="topup-success">
      <Title order={4}>{t('topup.success.title')}</Title>
      {status !== 'OPEN' && (
        <Alert color="red" data-testid="topup-closed">
          {t(status === 'EXPIRED' ? 'topup.success.expired' : 'topup.success.failed')}
        </Alert>
      )}
      <Table withRowBorders={false} verticalSpacing={6}>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td c="dimmed" w="40%">
                <Text size="sm">{row.label}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Text
                    size={row.strong ? 'lg' : 'sm'}
                    fw={row.strong ? 700 : 500}
                    data-testid={`topup-${row.key}`}
                    style={{ wordBreak: 'break-all' }}
                  >
                    {row.value}
                  </Text>
                  {row.copy && (
                    <Tooltip label={t('topup.success.copy')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('topup.success.copy')} ${row.label}`}
                        onClick={() => copy(row.copy as string, row.label)}
                        data-testid={`topup-copy-${row.key}`}
                      >
                        <IconCopy size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {/* The page's notes above already say the total must match exactly: not repeated here. */}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('topup.success.countdown')} ({formatWibDateTime(expires)})
        </Text>
        <Text ff="monospace" fw={700} size="xl" data-testid="topup-countdown">
          {countdown(expires, now)}
        </Text>
      </Group>
      <Button variant="light" onClick={onAgain} data-testid="topup-again">
        {t('topup.success.again')}
      </Button>
    </Stack>
  );
}
