import { formatWibDateTime } from '@gerbang/shared';
import type { ScheduleItem } from '@gerbang/shared/contract/schedules';
import { schedulesCalls } from '@gerbang/shared/contract/schedules-calls';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../components/Money';
import { ruleText } from '../../components/schedule/ruleText';
import type { ScheduleDraft } from '../../components/schedule/ScheduleModal';
import { client } from '../../lib/api';
import { showInfoDialog } from '../../lib/dialogs';

const ScheduleModal = lazy(() => import('../../components/schedule/ScheduleModal'));

const STATUS_COLOR = { ACTIVE: 'green', PAUSED: 'yellow', ENDED: 'gray', CANCELLED: 'gray' };
const RUN_COLOR = {
  SKIPPED: 'gray',
  OPENED: 'blue',
  WAITING_APPROVAL: 'orange',
  WAITING_NAME_CHECK: 'yellow',
  SUCCESS: 'green',
  FAILED: 'red',
};

type Action = 'pause' | 'resume' | 'skip' | 'cancel';

/**
 * Scheduled payouts: each schedule with its next run (WIB, after any cut-off or
 * bank downtime), its last result and its actions. The server decides every change.
 */
export default function SchedulesPage() {
  const { t } = useTranslation();
  const [items, setItems] = useState<ScheduleItem[] | null>(null);
  const [editing, setEditing] = useState<ScheduleItem | null>(null);
  const [confirming, setConfirming] = useState<{ item: ScheduleItem; action: Action } | null>(null);

  const load = useCallback(async () => {
    const res = await client.call(schedulesCalls.list, undefined);
    if (res.rc === '00') setItems(res.data.items);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (item: ScheduleItem, action: Action) => {
    const res = await client.call(schedulesCalls[action], { id: item.id });
    setConfirming(null);
    if (res.rc !== '00') return;
    showInfoDialog(res.rd);
    await load();
  };
  const ask = (item: ScheduleItem, action: Action) =>
    action === 'skip' || action === 'cancel'
      ? setConfirming({ item, action })
      : void act(item, action);

  const save = async (item: ScheduleItem, draft: ScheduleDraft) => {
    const res = await client.call(schedulesCalls.update, { id: item.id, ...draft });
    if (res.rc !== '00') return false;
    showInfoDialog(res.rd);
    await load();
    return true;
  };

  return (
    <Stack gap="md" maw={900} mx="auto" data-testid="schedules-page">
      <Stack gap={4}>
        <Title order={2}>{t('schedules.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('schedules.intro')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="schedules-kinds">
          {t('schedules.kindsNote')}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/transaction/single_disbursement" size="sm">
            {t('schedules.newFromWithdraw')}
          </Anchor>
          <Anchor component={Link} to="/transfer_money/bulk" size="sm">
            {t('schedules.newFromBulk')}
          </Anchor>
          <Anchor component={Link} to="/transfer_money/international" size="sm">
            {t('schedules.newFromRemittance')}
          </Anchor>
        </Group>
      </Stack>
      {items && items.length === 0 && (
        <Card withBorder radius="md" p="lg">
          <Text c="dimmed" data-testid="schedules-empty">
            {t('schedules.empty')}
          </Text>
        </Card>
      )}
      {items?.map((item) => (
        <ScheduleCard key={item.id} item={item} onAction={ask} onEdit={() => setEditing(item)} />
      ))}
      {editing && (
        <Suspense fallback={null}>
          <ScheduleModal
            title={t('schedules.edit')}
            initial={editing}
            // Only a withdrawal's amount changes here: a bulk group's is its rows' subtotal, a
            // remittance's is fixed in the foreign currency by its inquiry (the server keeps both).
            editsAmount={editing.kind === 'withdraw'}
            onSubmit={(draft) => save(editing, draft)}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {confirming && (
        <ConfirmModal
          text={
            confirming.action === 'cancel'
              ? t('schedules.confirmCancel')
              : t('schedules.confirmSkip', { at: wibTime(confirming.item.next_due_at) })
          }
          onYes={() => void act(confirming.item, confirming.action)}
          onNo={() => setConfirming(null)}
        />
      )}
    </Stack>
  );
}

function wibTime(iso: string | null): string {
  return iso ? formatWibDateTime(new Date(iso)) : '—';
}

function ConfirmModal({ text, onYes, onNo }: { text: string; onYes(): void; onNo(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onNo} centered withCloseButton={false}>
      <Stack gap="md">
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onNo}>
            {t('schedules.close')}
          </Button>
          <Button color="red" onClick={onYes} data-testid="schedule-confirm">
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ScheduleCard({
  item,
  onAction,
  onEdit,
}: {
  item: ScheduleItem;
  onAction: (item: ScheduleItem, action: Action) => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const open = item.status === 'ACTIVE' || item.status === 'PAUSED';
  return (
    <Card withBorder radius="md" p="md" data-testid={`schedule-${item.id}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge variant="outline" color="gray" data-testid="schedule-kind">
              {t(`schedules.kind.${item.kind}`)}
            </Badge>
            <Text fw={700}>
              {item.kind === 'bulk' ? item.account_name : `${item.bank} ${item.account_number}`}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {item.kind === 'bulk'
              ? t('schedules.rows', { count: item.rows ?? 0 })
              : item.account_name}
            {item.note ? ` · ${item.note}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <Text fw={700}>
            <Money value={item.amount} />
          </Text>
          <Badge color={STATUS_COLOR[item.status]} data-testid="schedule-status">
            {t(`schedules.status.${item.status}`)}
          </Badge>
        </Group>
      </Group>
      <Stack gap={4} mt="sm">
        <Text size="sm">{ruleText(t, item.rule)}</Text>
        <NextRun item={item} />
        <LastRun item={item} />
      </Stack>
      {open && (
        <Group gap="xs" mt="sm">
          {item.status === 'ACTIVE' ? (
            <Button size="xs" variant="light" onClick={() => onAction(item, 'pause')}>
              {t('schedules.pause')}
            </Button>
          ) : (
            <Button size="xs" variant="light" onClick={() => onAction(item, 'resume')}>
              {t('schedules.resume')}
            </Button>
          )}
          {item.status === 'ACTIVE' && (
            <Button size="xs" variant="light" onClick={() => onAction(item, 'skip')}>
              {t('schedules.skip')}
            </Button>
          )}
          <Button size="xs" variant="light" onClick={onEdit} data-testid="schedule-edit">
            {t('schedules.edit')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onAction(item, 'cancel')}>
            {t('schedules.cancel')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

function NextRun({ item }: { item: ScheduleItem }) {
  const { t } = useTranslation();
  const postponed = item.next_run_at && item.next_run_at !== item.next_due_at;
  return (
    <Text size="sm" data-testid="schedule-next">
      <Text span c="dimmed">
        {t('schedules.columns.next')}:{' '}
      </Text>
      {item.status === 'ACTIVE' ? wibTime(item.next_due_at) : t('schedules.never')}
      {item.status === 'ACTIVE' && postponed && (
        <Text span c="orange">
          {' '}
          ({t('schedules.postponed', { at: wibTime(item.next_run_at) })})
        </Text>
      )}
      <Text span c="dimmed">
        {' · '}
        {t('schedules.runsDone', { count: item.runs_done })}
      </Text>
    </Text>
  );
}

function LastRun({ item }: { item: ScheduleItem }) {
  const { t } = useTranslation();
  const last = item.last_run;
  return (
    <Group gap={6} data-testid="schedule-last">
      <Text size="sm" c="dimmed">
        {t('schedules.columns.last')}:
      </Text>
      {last ? (
        <>
          <Badge variant="light" color={RUN_COLOR[last.status]}>
            {t(`schedules.runStatus.${last.status}`)}
          </Badge>
          <Text size="sm">
            {wibTime(last.due_at)}
            {last.reason ? ` · ${t(`schedules.reasons.${last.reason}`, last.reason)}` : ''}
            {last.reference ? ` · ${last.reference}` : ''}
          </Text>
        </>
      ) : (
        <Text size="sm">{t('schedules.never')}</Text>
      )}
    </Group>
  );
}
