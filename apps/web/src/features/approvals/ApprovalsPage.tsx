import { formatRupiah, formatWibDateTime } from '@gerbang/shared';
import { APPROVALS_ACCESS } from '@gerbang/shared/contract/access-rules';
import type { ApprovalItem, DecisionOutcome } from '@gerbang/shared/contract/approvals';
import { approvalsCalls } from '@gerbang/shared/contract/approvals-calls';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../components/Money';
import { confirmMoneyMovement } from '../../components/money-confirm/confirmMoneyMovement';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { useLiveEvent } from '../../lib/live-events';
import { useSession } from '../../lib/session';
import { DecisionModal } from './DecisionModal';
import { QueueCards } from './QueueCards';
import { RowActions } from './RowActions';

type Decision = { action: 'approve' | 'reject'; items: ApprovalItem[] };

/**
 * The approvals queue: every waiting payout the user may approve, of every kind, and
 * the user's own (which they may cancel). One or many are approved with one PIN after the same
 * totals confirmation the money pages use; the server decides each one and says why not.
 */
export default function ApprovalsPage() {
  const { t } = useTranslation();
  const { verdict } = useSession();
  const [items, setItems] = useState<ApprovalItem[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [decision, setDecision] = useState<Decision | null>(null);
  const mayPolicy = verdict(APPROVALS_ACCESS.policy) === 'allowed';

  const load = useCallback(async () => {
    const res = await client.call(approvalsCalls.queue, undefined);
    if (res.rc === '00') setItems(res.data.items);
    setChosen(new Set());
  }, []);
  useEffect(() => void load(), [load]);
  // A request waiting, approved elsewhere or expired: the queue follows the live stream.
  useLiveEvent(['approval', 'reset'], () => void load());

  const approvable = useMemo(() => (items ?? []).filter((i) => i.blocked === null), [items]);
  const selected = approvable.filter((i) => chosen.has(i.id));
  const sum = (list: ApprovalItem[]) => list.reduce((s, i) => s + i.amount + i.fee, 0);

  const start = async (action: 'approve' | 'reject', list: ApprovalItem[]) => {
    if (list.length === 0) return;
    if (action === 'approve') {
      const amount = list.reduce((s, i) => s + i.amount, 0);
      const fees = list.reduce((s, i) => s + i.fee, 0);
      if (!(await confirmMoneyMovement({ count: list.length, amount, fees, total: amount + fees })))
        return;
    }
    setDecision({ action, items: list });
  };

  const finish = async (answer: Answer, rd: string) => {
    setDecision(null);
    if (!answer) return;
    reportOutcomes(items ?? [], answer, rd, t);
    await load();
  };

  return (
    <Stack gap="md" data-testid="approvals-page">
      <QueueHeader mayPolicy={mayPolicy} />
      {items && items.length === 0 && (
        <Card withBorder radius="md" p="lg">
          <Text c="dimmed" data-testid="approvals-empty">
            {t('approvals.empty')}
          </Text>
        </Card>
      )}
      {items && items.length > 0 && (
        <Card withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
            <Text size="sm" data-testid="approvals-totals">
              {t('approvals.totals', { count: items.length, total: formatRupiah(sum(items)) })}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                disabled={selected.length === 0}
                onClick={() => void start('approve', selected)}
                data-testid="approvals-approve-selected"
              >
                {t('approvals.approveSelected', { count: selected.length })}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                disabled={selected.length === 0}
                onClick={() => void start('reject', selected)}
                data-testid="approvals-reject-selected"
              >
                {t('approvals.rejectSelected', { count: selected.length })}
              </Button>
            </Group>
          </Group>
          <QueueTable
            items={items}
            chosen={chosen}
            setChosen={setChosen}
            approvable={approvable}
            onDecide={(action, item) => void start(action, [item])}
          />
          <QueueCards
            items={items}
            chosen={chosen}
            toggle={(id) => setChosen(toggled(chosen, id))}
            onDecide={(action, item) => void start(action, [item])}
          />
        </Card>
      )}
      {decision && (
        <DecisionModal
          action={decision.action}
          items={decision.items}
          onDone={(answer, rd) => void finish(answer, rd)}
        />
      )}
    </Stack>
  );
}

function toggled(chosen: Set<number>, id: number): Set<number> {
  const next = new Set(chosen);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

type Answer = { results: { id: number; outcome: DecisionOutcome }[] } | null;

/** One dialog: the payouts the server refused and why, or the count it decided. */
function reportOutcomes(
  items: ApprovalItem[],
  answer: NonNullable<Answer>,
  rd: string,
  t: (key: string) => string,
) {
  const refused = answer.results.filter(
    (r) => !['approved', 'released', 'rejected'].includes(r.outcome),
  );
  if (refused.length === 0) {
    showInfoDialog(rd);
    return;
  }
  const references = new Map(items.map((i) => [i.id, i.reference]));
  showErrorDialog(
    refused
      .map((r) => `${references.get(r.id) ?? r.id}: ${t(`approvals.outcomes.${r.outcome}`)}`)
      .join('\n'),
  );
}

function QueueHeader({ mayPolicy }: { mayPolicy: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="end">
      <Stack gap={4}>
        <Title order={2}>{t('approvals.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('approvals.intro')}
        </Text>
      </Stack>
      {mayPolicy && (
        <Anchor component={Link} to="/setting/approval-policy" size="sm">
          {t('approvals.policyTitle')}
        </Anchor>
      )}
    </Group>
  );
}

function QueueTable({
  items,
  chosen,
  setChosen,
  approvable,
  onDecide,
}: {
  items: ApprovalItem[];
  chosen: Set<number>;
  setChosen: (next: Set<number>) => void;
  approvable: ApprovalItem[];
  onDecide: (action: 'approve' | 'reject', item: ApprovalItem) => void;
}) {
  const { t } = useTranslation();
  const all = approvable.length > 0 && approvable.every((i) => chosen.has(i.id));
  const toggle = (id: number) => setChosen(toggled(chosen, id));
  return (
    <Table.ScrollContainer minWidth={860} visibleFrom="sm">
      <Table striped verticalSpacing="xs" data-testid="approvals-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                checked={all}
                onChange={(e) =>
                  setChosen(new Set(e.currentTarget.checked ? approvable.map((i) => i.id) : []))
                }
                aria-label="all"
                data-testid="approvals-all"
              />
            </Table.Th>
            <Table.Th>{t('approvals.columns.kind')}</Table.Th>
            <Table.Th>{t('approvals.columns.reference')}</Table.Th>
            <Table.Th>{t('approvals.columns.amount')}</Table.Th>
            <Table.Th>{t('approvals.columns.maker')}</Table.Th>
            <Table.Th>{t('approvals.columns.layers')}</Table.Th>
            <Table.Th>{t('approvals.columns.expires')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={`approval-${item.reference}`}>
              <Table.Td>
                <Checkbox
                  checked={chosen.has(item.id)}
                  disabled={item.blocked !== null}
                  onChange={() => toggle(item.id)}
                  aria-label={item.reference}
                />
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{t(`approvals.kinds.${item.kind}`)}</Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {item.reference}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.destination}
                </Text>
              </Table.Td>
              <Table.Td>
                <Money value={item.amount + item.fee} />
              </Table.Td>
              <Table.Td>{item.maker}</Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="approval-layers">
                  {t('approvals.layers', { done: item.layers_done, needed: item.layers_needed })}
                </Text>
                {item.approvers.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {item.approvers.join(', ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{formatWibDateTime(new Date(item.expires_at))}</Text>
              </Table.Td>
              <Table.Td>
                <RowActions item={item} onDecide={onDecide} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
