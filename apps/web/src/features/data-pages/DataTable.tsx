import {
  type DataFilter,
  type DataPageAnswer,
  type DataPageDescriptor,
  formatIdNumber,
  MAX_PAGE_ROWS,
  PAGE_SIZES,
  RC,
  readingOrder,
  tableColumns,
} from '@gerbang/shared';
import { dataPageCalls } from '@gerbang/shared/contract/data-pages-calls';
import {
  Alert,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiFailure, callKey, client, unwrap } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useMediaMatch } from '../../lib/use-media-match';
import { CallbackAttempts } from './CallbackAttempts';
import { CellValue, EmptyState, valueText } from './cells';
import classes from './dataTable.module.css';
import { FilterRows } from './FilterRows';
import { RowActions } from './RowActions';
import { RowCards } from './RowCards';
import { useTableState } from './tableState';

type Row = Record<string, unknown>;

/** The fifth page size: 300, or the total when larger (spec 03 §9), capped like the server. */
function pageSizeOptions(total: number): number[] {
  const last = total > 300 ? Math.min(total, MAX_PAGE_ROWS) : 300;
  return [...PAGE_SIZES.slice(0, 4), last];
}

/** While a row is still running (descriptor `refreshWhile`), how often to ask again; else never. */
function refreshInterval(page: DataPageDescriptor, rows: Row[] | undefined): number | false {
  const rule = page.refreshWhile;
  if (!rule || !rows) return false;
  const running = rows.some((row) => rule.values.includes(String(row[rule.column] ?? '')));
  return running ? rule.intervalMs : false;
}

/** One empty list, so the memoized cards see the same rows while none have arrived. */
const NO_ROWS: Row[] = [];

/**
 * The one table of every data page (ARCHITECTURE §9): the descriptor says which columns, filters,
 * sorts and actions exist; the server engine answers `{ total, data }` for the state in the URL.
 */
export function DataTable({ page }: { page: DataPageDescriptor }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { session } = useSession();
  const { state, update, query } = useTableState(page);
  const [selected, setSelected] = useState<Row | null>(null);
  const [downloading, setDownloading] = useState(false);
  const columns = tableColumns(page);
  const hasActions = (page.actions ?? []).length > 0;
  // Phones get one card per row (the key fields; the rest in the row popup), not a table slice.
  const phone = useMediaMatch('(max-width: 600px)');

  const call = dataPageCalls.page[page.path];
  const result = useQuery({
    // The language too: some cells are server-written words (the statement's descriptions).
    queryKey: [...callKey(call, query), session?.environment, i18n.language],
    queryFn: async ({ signal }): Promise<DataPageAnswer<Row>> => {
      const answer = await unwrap(client.call(call, query, { silent: true, signal }));
      // Without `exportCsv` the page answers its rows, never an export job.
      if (!('data' in answer)) throw new ApiFailure(RC.GENERIC, '');
      return answer;
    },
    placeholderData: keepPreviousData,
    // Where new rows appear (page 1, default order): live events may reload it (lib/live-rows).
    meta: {
      liveHead:
        state.page === 1 &&
        state.sort.column === page.defaultSort.column &&
        state.sort.direction === page.defaultSort.direction,
    },
    // The export list polls while a job is still running, so a finished file is offered at once.
    refetchInterval: (q) => refreshInterval(page, q.state.data?.data),
  });
  // New rows render as a deferred update: React renders them in slices after the urgent render
  // (which skips the memoized filters and cards), so a page of rows arriving does not block input.
  const shown = useDeferredValue(result.data);
  const total = shown?.total ?? 0;
  const rows = shown?.data ?? NO_ROWS;
  const pages = Math.max(1, Math.ceil(total / state.limit));
  const pending = shown === undefined && !result.isError;
  // The address whose rows are shown, once loaded and on screen (browser tests wait on it).
  const readyFor =
    result.isFetching || result.isPlaceholderData || shown !== result.data
      ? 'loading'
      : `ready:${location.search}`;

  const download = useCallback(async () => {
    setDownloading(true);
    try {
      const res = await client.call(call, { ...query, exportCsv: '1' });
      if (res.rc !== RC.OK) return;
      const id = modals.open({
        title: t('data.ui.done'),
        centered: true,
        children: (
          <Stack>
            <Text size="sm" data-testid="export-created">
              {res.rd}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => modals.close(id)}>
                {t('data.ui.close')}
              </Button>
              <Button
                onClick={() => {
                  modals.close(id);
                  navigate('/data/export_data');
                }}
                data-testid="open-export-list"
              >
                {t('data.ui.openExportList')}
              </Button>
            </Group>
          </Stack>
        ),
      });
    } finally {
      setDownloading(false);
    }
  }, [call, query, t, navigate]);
  const search = useCallback((filters: DataFilter[]) => update({ filters, page: 1 }), [update]);
  const startDownload = useCallback(() => void download(), [download]);

  const sortBy = (name: string) => {
    const direction = state.sort.column === name && state.sort.direction === 'asc' ? 'desc' : 'asc';
    update({ sort: { column: name, direction }, page: 1 });
  };

  const errorText = result.error
    ? (result.error as { rc?: string }).rc === RC.GENERIC
      ? t('data.ui.loadFailed')
      : result.error.message || t('data.ui.loadFailed')
    : null;

  return (
    <Stack gap="md">
      <FilterRows
        page={page}
        applied={state.filters}
        onSearch={search}
        onDownload={page.exportable ? startDownload : undefined}
        downloading={downloading}
      />
      {errorText && (
        <Alert color="red" icon={<IconAlertTriangle />} data-testid="data-error">
          {errorText}
        </Alert>
      )}
      {phone ? (
        <RowCards
          page={page}
          rows={rows}
          pending={pending}
          readyFor={readyFor}
          onOpen={setSelected}
        />
      ) : (
        <Paper withBorder radius="md">
          <ScrollArea type="auto" scrollbars="x" offsetScrollbars="x">
            <Table
              striped
              highlightOnHover
              verticalSpacing="xs"
              className={classes.table}
              data-testid="data-table"
              data-layout="table"
              data-ready-for={readyFor}
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => {
                    const active = state.sort.column === column.name;
                    const Icon = active
                      ? state.sort.direction === 'asc'
                        ? IconArrowUp
                        : IconArrowDown
                      : IconSelector;
                    return (
                      <Table.Th
                        key={column.name}
                        className={column.display === 'money' ? classes.money : undefined}
                        style={{ whiteSpace: 'nowrap' }}
                        data-column={column.name}
                      >
                        {column.sortable === false ? (
                          t(column.labelKey)
                        ) : (
                          <UnstyledButton
                            onClick={() => sortBy(column.name)}
                            title={t('data.ui.sortBy', { column: t(column.labelKey) })}
                            data-testid={`sort-${column.name}`}
                            data-sort={active ? state.sort.direction : undefined}
                          >
                            <Group gap={4} wrap="nowrap">
                              <Text fw={600} size="sm">
                                {t(column.labelKey)}
                              </Text>
                              <Icon
                                size={14}
                                color={active ? undefined : 'var(--mantine-color-gray-5)'}
                              />
                            </Group>
                          </UnstyledButton>
                        )}
                      </Table.Th>
                    );
                  })}
                  {hasActions && (
                    <Table.Th className={classes.actions}>{t('data.ui.actions')}</Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pending &&
                  Array.from({ length: 3 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                    <Table.Tr key={i}>
                      <Table.Td colSpan={columns.length + (hasActions ? 1 : 0)}>
                        <Skeleton h={18} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                {rows.map((row, index) => (
                  <Table.Tr
                    key={String(row[page.rowKey] ?? index)}
                    onClick={() => setSelected(row)}
                    style={{ cursor: 'pointer' }}
                    data-testid="data-row"
                    data-row-key={String(row[page.rowKey] ?? '')}
                  >
                    {columns.map((column) => {
                      const boxed = column.display === 'money' || column.type === 'enum';
                      return (
                        <Table.Td
                          key={column.name}
                          className={boxed ? classes.money : classes.cell}
                          // Long text is cut with an ellipsis; the whole of it shows on hover.
                          title={boxed ? undefined : valueText(column, row[column.name], t)}
                        >
                          <CellValue column={column} value={row[column.name]} t={t} cut />
                        </Table.Td>
                      );
                    })}
                    {hasActions && (
                      <Table.Td className={classes.actions}>
                        <RowActions page={page} row={row} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {/* Outside the sideways-scrolled table, so it sits in the middle of the card. */}
          {!pending && rows.length === 0 && <EmptyState />}
        </Paper>
      )}

      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('data.ui.rowsPerPage')}
          </Text>
          <Select
            w={100}
            size="xs"
            data={pageSizeOptions(total).map((n) => ({
              value: String(n),
              label: formatIdNumber(n),
            }))}
            value={String(state.limit)}
            onChange={(v) => v && update({ limit: Number(v), page: 1 })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="page-size"
          />
          <Text
            size="sm"
            c="dimmed"
            data-testid="data-total"
            data-total={total}
            data-estimated={result.data?.estimated ? 'true' : undefined}
          >
            {/* A wide range with an amount or text filter counts "about N". */}
            {t(result.data?.estimated ? 'data.ui.totalAbout' : 'data.ui.total', {
              count: total,
              total: formatIdNumber(total),
            })}
          </Text>
        </Group>
        <Pagination
          total={pages}
          value={Math.min(state.page, pages)}
          onChange={(p) => update({ page: p })}
          size="sm"
          siblings={1}
          data-testid="pagination"
        />
      </Group>

      <Modal
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title={t('data.ui.detailTitle')}
        size="lg"
        centered
        data-testid="data-popup"
      >
        {selected && (
          <Stack gap={0}>
            <Table withRowBorders verticalSpacing={6} data-testid="data-popup-table">
              <Table.Tbody>
                {readingOrder(page).map((column) => (
                  <Table.Tr key={column.name}>
                    <Table.Th w="40%" style={{ verticalAlign: 'top' }}>
                      {t(column.labelKey)}
                    </Table.Th>
                    <Table.Td data-testid={`popup-${column.name}`}>
                      <CellValue column={column} value={selected[column.name]} t={t} full />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {page.path === 'callback' && <CallbackAttempts idCallback={selected.id_callback} />}
            <Group justify="flex-end" mt="md">
              <RowActions page={page} row={selected} />
              <Button variant="default" onClick={() => setSelected(null)} data-testid="popup-close">
                {t('data.ui.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
