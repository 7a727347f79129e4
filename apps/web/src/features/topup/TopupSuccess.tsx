import { formatRupiah, formatWibDateTime } from '@gerbang/shared';
import type { TopupResult } from '@gerbang/shared/contract/topup';
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
import { IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyWithDialog } from '../../lib/copy';
import { useServerNow } from '../../lib/server-clock';
import { countdown } from './countdown';

interface Props {
  result: TopupResult;
  onAgain(): void;
}

export function TopupSuccess({ result, onAgain }: Props) {
  const { t } = useTranslation();
  const now = useServerNow(1_000);
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

  return (
    <Stack gap="md" data-testid="topup-success">
      <Title order={4}>{t('topup.success.title')}</Title>
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
      <Alert color="blue" icon={<IconInfoCircle />}>
        {t('topup.success.exact')}
      </Alert>
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
