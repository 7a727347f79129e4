import { formatWibDateTime } from '@gerbang/shared';
import { BULK_TRANSFER_ACCESS } from '@gerbang/shared/contract/access-rules';
import type { BulkGroupSummary } from '@gerbang/shared/contract/bulk-transfer';
import { bulkTransferCalls } from '@gerbang/shared/contract/bulk-transfer-calls';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../lib/api';
import { showErrorDialog, showInfoDialog } from '../lib/dialogs';
import { useSession } from '../lib/session';
import { Money } from './Money';
import { confirmMoneyMovement } from './money-confirm/confirmMoneyMovement';

/** The group's totals, confirmed before its approval sends them. */
const confirmGroup = (group: BulkGroupSummary) =>
  confirmMoneyMovement({
    count: group.detail_count,
    amount: group.total_amount,
    fees: group.total_fee,
    total: group.total_amount + group.total_fee,
  });

/**
 * Bulk transfer groups waiting for a checker (maker–checker), shown on /data/disbursement
 * and on the bulk page: an approver opens a group and approves or rejects it with the transaction
 * PIN. The server refuses the maker's own group; the page says so before anyone types a PIN.
 */
export function BulkWaitingGroups({ onDecided }: { onDecided?: () => void }) {
  const { t } = useTranslation();
  const { verdict } = useSession();
  const [groups, setGroups] = useState<BulkGroupSummary[]>([]);
  const [open, setOpen] = useState<BulkGroupSummary | null>(null);
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const mayRead = verdict(BULK_TRANSFER_ACCESS.page) === 'allowed';
  const mayDecide = verdict(BULK_TRANSFER_ACCESS.approve) === 'allowed';

  const load = useCallback(async () => {
    if (!mayRead) return;
    const res = await client.call(bulkTransferCalls.waiting, undefined, { silent: true });
    if (res.rc === '00') setGroups(res.data.groups);
  }, [mayRead]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!mayRead || groups.length === 0) return null;

  const decide = async (decision: 'approve' | 'reject') => {
    if (!open) return;
    if (!pin) {
      showErrorDialog(t('bulk.enterPin'));
      return;
    }
    // Approving sends the group's money; rejecting moves nothing.
    if (decision === 'approve' && !(await confirmGroup(open))) return;
    setBusy(true);
    const res = await client.call(
      decision === 'approve' ? bulkTransferCalls.approve : bulkTransferCalls.reject,
      { group_id: open.id, pin },
    );
    setBusy(false);
    if (res.rc !== '00') return;
    showInfoDialog(res.rd);
    setOpen(null);
    setPin('');
    await load();
    onDecided?.();
  };

  return (
    <Card withBorder radius="md" p="md" data-testid="bulk-waiting">
      <Title order={4} mb="sm">
        {t('bulk.waitingTitle')}
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bulk.groupName')}</Table.Th>
              <Table.Th>{t('bulk.maker')}</Table.Th>
              <Table.Th>{t('bulk.total')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((g) => (
              <Table.Tr key={g.id} data-testid={`bulk-waiting-${g.id}`}>
                <Table.Td>
                  {g.group_name}
                  <Text size="xs" c="dimmed">
                    {g.detail_count} × · {formatWibDateTime(new Date(g.created_date))}
                  </Text>
                </Table.Td>
                <Table.Td>{g.maker}</Table.Td>
                <Table.Td>
                  <Money value={g.total_amount + g.total_fee} />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setOpen(g)}
                    data-testid="bulk-open"
                  >
                    {t('bulk.open')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.group_name} centered>
        {open && (
          <Stack gap="sm">
            <Text size="sm">{open.group_desc}</Text>
            <Group justify="space-between">
              <Text size="sm">{t('bulk.maker')}</Text>
              <Text size="sm">{open.maker}</Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">{t('bulk.subtotal')}</Text>
              <Money value={open.total_amount} />
            </Group>
            <Group justify="space-between">
              <Text size="sm">{t('bulk.adminFee')}</Text>
              <Money value={open.total_fee} />
            </Group>
            <Group justify="space-between">
              <Text fw={600}>{t('bulk.total')}</Text>
              <Text fw={600}>
                <Money value={open.total_amount + open.total_fee} />
              </Text>
            </Group>
            <Badge variant="light">{t(`bulk.groupStatus.${open.status}`)}</Badge>
            {open.own || !mayDecide ? (
              <Alert color="yellow">{t('bulk.ownGroup')}</Alert>
            ) : (
              <>
                <PasswordInput
                  label={t('bulk.pin')}
                  value={pin}
                  maxLength={64}
                  onChange={(e) => setPin(e.currentTarget.value)}
                  data-testid="bulk-decide-pin"
                />
                <Group justify="flex-end">
                  <Button
                    variant="default"
                    color="red"
                    loading={busy}
                    onClick={() => decide('reject')}
                    data-testid="bulk-reject"
                  >
                    {t('bulk.reject')}
                  </Button>
                  <Button
                    loading={busy}
                    onClick={() => decide('approve')}
                    data-testid="bulk-approve"
                  >
                    {t('bulk.approve')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
