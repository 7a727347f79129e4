import { CALLBACK_EVENTS, formatWibDateTime } from '@gerbang/shared';
import {
  CALLBACK_STATUS,
  UNDELIVERED_STATUSES,
  type UndeliveredRow,
  type UndeliveredStatus,
} from '@gerbang/shared/contract/callbacks';
import { callbackCalls } from '@gerbang/shared/contract/callbacks-calls';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client, unwrap } from '../../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../../lib/dialogs';
import { serverNow } from '../../../lib/server-clock';
import { isoToWibInput, wibInputToIso } from './wib-input';

const DAY_MS = 86_400_000;
const PAGE = 50;
/**
 * The row types a filter offers: what the money events queue (docs/api.md "Callbacks"), then the
 * event codes test events are queued under.
 */
const TYPES = [
  'payment',
  'disbursement',
  'topup',
  'settlement',
  'request_payment',
  'remittance',
  'low_balance',
  ...CALLBACK_EVENTS.map((e) => e.type_info),
];

function statusBadge(t: TFunction, r: UndeliveredRow) {
  if (r.paused) return <Badge color="gray">{t('callbacks.console.statusPaused')}</Badge>;
  if (r.status_sent === CALLBACK_STATUS.FAILED)
    return <Badge color="red">{t('callbacks.console.statusFailed')}</Badge>;
  return <Badge color="blue">{t('callbacks.console.statusWaiting')}</Badge>;
}

interface Filters {
  from: string;
  to: string;
  status: string;
  type: string;
}

function useUndelivered(filters: Filters) {
  return useInfiniteQuery({
    queryKey: ['callback-undelivered', filters],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      unwrap(
        client.call(
          callbackCalls.undelivered,
          {
            from: wibInputToIso(filters.from),
            to: wibInputToIso(filters.to),
            limit: PAGE,
            ...(filters.status ? { status: filters.status as UndeliveredStatus } : {}),
            ...(filters.type ? { type: filters.type } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
          { silent: true },
        ),
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // No live stream here yet: the list is asked again while the page is open.
    refetchInterval: 5_000,
  });
}

function Rows({ rows }: { rows: UndeliveredRow[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" data-testid="undelivered-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('callbacks.console.colTime')}</Table.Th>
            <Table.Th>{t('callbacks.console.colEvent')}</Table.Th>
            <Table.Th>{t('callbacks.console.colTransaction')}</Table.Th>
            <Table.Th>{t('callbacks.console.colStatus')}</Table.Th>
            <Table.Th>{t('callbacks.console.colAttempts')}</Table.Th>
            <Table.Th>{t('callbacks.console.colNext')}</Table.Th>
            <Table.Th>{t('callbacks.console.colHttp')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id_callback} data-testid={`undelivered-${r.id_transaksi}`}>
              <Table.Td>{formatWibDateTime(new Date(r.date_created))}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm">{r.type_callback}</Text>
                  {r.is_test && (
                    <Badge size="xs" variant="light" color="grape">
                      {t('callbacks.console.test')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {r.id_transaksi}
                </Text>
              </Table.Td>
              <Table.Td>{statusBadge(t, r)}</Table.Td>
              <Table.Td>{r.attempts}</Table.Td>
              <Table.Td>
                {r.next_attempt_at && !r.paused && r.status_sent !== CALLBACK_STATUS.FAILED
                  ? formatWibDateTime(new Date(r.next_attempt_at))
                  : '-'}
              </Table.Td>
              <Table.Td>{r.http_status ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FilterBar({ draft, setDraft }: { draft: Filters; setDraft: (next: Filters) => void }) {
  const { t } = useTranslation();
  const statusLabel: Record<string, string> = {
    waiting: t('callbacks.console.statusWaiting'),
    failed: t('callbacks.console.statusFailed'),
    paused: t('callbacks.console.statusPaused'),
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        type="datetime-local"
        label={t('callbacks.console.from')}
        value={draft.from}
        onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
        data-testid="undelivered-from"
      />
      <TextInput
        type="datetime-local"
        label={t('callbacks.console.to')}
        value={draft.to}
        onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
        data-testid="undelivered-to"
      />
      <Select
        label={t('callbacks.console.status')}
        data={[
          { value: '', label: t('callbacks.console.statusAll') },
          ...UNDELIVERED_STATUSES.map((s) => ({ value: s, label: statusLabel[s] ?? s })),
        ]}
        value={draft.status}
        onChange={(v) => setDraft({ ...draft, status: v ?? '' })}
        allowDeselect={false}
        w={{ base: '100%', xs: 240 }}
        data-testid="undelivered-status"
      />
      <Select
        label={t('callbacks.console.type')}
        data={[
          { value: '', label: t('callbacks.console.anyType') },
          ...TYPES.map((type) => ({ value: type, label: type })),
        ]}
        value={draft.type}
        onChange={(v) => setDraft({ ...draft, type: v ?? '' })}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
        data-testid="undelivered-type"
      />
    </Group>
  );
}

/**
 * The undelivered events of the session's agent and environment with filters (time, status,
 * type), page by page, and the bulk resend of the same window.
 */
export function UndeliveredPanel({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const now = serverNow();
  const initial: Filters = {
    from: isoToWibInput(new Date(now.getTime() - DAY_MS)),
    to: isoToWibInput(new Date(now.getTime() + 60 * 60_000)),
    status: '',
    type: '',
  };
  const [draft, setDraft] = useState<Filters>(initial);
  const [filters, setFilters] = useState<Filters>(initial);
  const [includeSent, setIncludeSent] = useState(false);
  const [resending, setResending] = useState(false);
  const list = useUndelivered(filters);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];

  const resend = async () => {
    setResending(true);
    try {
      const res = await client.call(callbackCalls.resend, {
        from: wibInputToIso(draft.from),
        to: wibInputToIso(draft.to),
        status: includeSent ? ['failed', 'sent'] : ['failed'],
        ...(draft.type ? { type: draft.type } : {}),
      });
      if (res.rc !== '00') return;
      if (res.data.truncated) showErrorDialog(t('callbacks.console.truncated'));
      else showInfoDialog(res.rd);
      await queryClient.invalidateQueries({ queryKey: ['callback-undelivered'] });
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="undelivered-panel">
      <Title order={5}>{t('callbacks.console.undeliveredTitle')}</Title>
      <FilterBar draft={draft} setDraft={setDraft} />
      <Group gap="sm" wrap="wrap">
        <Button variant="light" onClick={() => setFilters(draft)} data-testid="undelivered-search">
          {t('callbacks.console.search')}
        </Button>
      </Group>
      {rows.length === 0 && !list.isPending ? (
        <Text size="sm" c="dimmed" data-testid="undelivered-none">
          {t('callbacks.console.none')}
        </Text>
      ) : (
        <Rows rows={rows} />
      )}
      {list.hasNextPage && (
        <Button variant="subtle" onClick={() => void list.fetchNextPage()}>
          {t('callbacks.console.more')}
        </Button>
      )}
      {canChange && (
        <Stack gap="xs" mt="sm">
          <Title order={5}>{t('callbacks.console.resendTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('callbacks.console.resendHint')}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Checkbox
              label={t('callbacks.console.resendSent')}
              checked={includeSent}
              onChange={(e) => setIncludeSent(e.currentTarget.checked)}
            />
            <Button
              color="orange"
              onClick={() => void resend()}
              loading={resending}
              data-testid="undelivered-resend"
            >
              {t('callbacks.console.resend')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
