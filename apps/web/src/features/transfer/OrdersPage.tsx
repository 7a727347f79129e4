import { formatRupiah, formatWibDateTime } from '@gerbang/shared';
import type { OrderListItem } from '@gerbang/shared/contract/transfer';
import { transferCalls } from '@gerbang/shared/contract/transfer-calls';
import { Anchor, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callQuery } from '../../lib/api';
import { StatusBadge } from './OrderView';

/** The server's FAILED covers "no line sent" and "some sent"; the second reads partly sent. */
const listStatus = (order: OrderListItem) =>
  order.status === 'FAILED' && order.sent_lines > 0 ? 'PARTLY_SENT' : order.status;

/** `/transaction/transfer`: the user's transfer orders, newest first, each linking to its detail. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const orders = useQuery({
    ...callQuery(transferCalls.orders, { offset: 0, limit: 50 }),
  });
  return (
    <Stack maw={1100} mx="auto" gap="md" data-testid="transfer-orders-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('transfer.listTitle')}</Title>
        <Button
          component={Link}
          to="/transfer_money/domestic"
          leftSection={<IconPlus size={16} />}
          data-testid="orders-new"
        >
          {t('transfer.newTransfer')}
        </Button>
      </Group>
      <Card withBorder radius="md" p="md">
        {orders.isLoading && <Loader />}
        {orders.data && orders.data.length === 0 && (
          <Text c="dimmed" data-testid="orders-empty">
            {t('transfer.empty')}
          </Text>
        )}
        {orders.data && orders.data.length > 0 && (
          <Stack gap="xs" hiddenFrom="sm" data-testid="orders-cards">
            {orders.data.map((o) => (
              <Card key={o.id_order} withBorder radius="sm" p="sm" data-testid="orders-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0}>
                    <Anchor
                      component={Link}
                      to={`/transaction/transfer/detail/${o.id_order}`}
                      size="sm"
                      fw={600}
                    >
                      {o.id_order}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {formatWibDateTime(new Date(o.time_created))}
                    </Text>
                    <Text size="sm">{o.account_name}</Text>
                    <Text size="xs" c="dimmed">
                      {o.channel_name || '-'}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <StatusBadge status={listStatus(o)} />
                    <Text size="sm" fw={600}>
                      {formatRupiah(o.payment_amount)}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        {orders.data && orders.data.length > 0 && (
          <Table.ScrollContainer minWidth={640} visibleFrom="sm">
            <Table striped highlightOnHover data-testid="orders-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('transfer.orderId')}</Table.Th>
                  <Table.Th>{t('transfer.created')}</Table.Th>
                  <Table.Th>{t('transfer.destinations')}</Table.Th>
                  <Table.Th>{t('transfer.channel')}</Table.Th>
                  <Table.Th ta="right">{t('transfer.total')}</Table.Th>
                  {/* Wide enough for the longest badge ("Terkirim sebagian") untruncated. */}
                  <Table.Th miw={170}>{t('transfer.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.map((o) => (
                  <Table.Tr key={o.id_order} data-testid="orders-row">
                    <Table.Td>
                      <Anchor component={Link} to={`/transaction/transfer/detail/${o.id_order}`}>
                        {o.id_order}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatWibDateTime(new Date(o.time_created))}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{o.account_name}</Text>
                      <Text size="xs" c="dimmed">
                        {o.account_number}
                      </Text>
                    </Table.Td>
                    <Table.Td>{o.channel_name || '-'}</Table.Td>
                    <Table.Td ta="right">{formatRupiah(o.payment_amount)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={listStatus(o)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
