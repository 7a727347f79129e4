import {
  type DataColumn,
  type DataPageDescriptor,
  formatRupiah,
  isStatusColumn,
  tableColumns,
} from '@gerbang/shared';
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellValue, EmptyState, valueText } from './cells';
import classes from './dataTable.module.css';
import { RowActions } from './RowActions';

type Row = Record<string, unknown>;

/**
 * The key fields of a row on a phone card: its id, time, first amount and status (reading order),
 * topped up with the next table columns when the page has fewer; the rest is in the row popup.
 */
export function cardColumns(page: DataPageDescriptor): {
  title?: DataColumn;
  status?: DataColumn;
  time?: DataColumn;
  amount?: DataColumn;
  /** Statements: the movement is whichever of debit and credit is filled, signed. */
  movement?: { debit: DataColumn; credit: DataColumn };
  extra: DataColumn[];
} {
  const columns = tableColumns(page);
  const taken = new Set<DataColumn>();
  const pick = (test: (c: DataColumn) => boolean) => {
    const found = columns.find((c) => !taken.has(c) && test(c));
    if (found) taken.add(found);
    return found;
  };
  const debit = columns.find((c) => c.name === 'debet' && c.display === 'money');
  const credit = columns.find((c) => c.name === 'kredit' && c.display === 'money');
  const movement = debit && credit ? { debit, credit } : undefined;
  if (movement) {
    taken.add(movement.debit);
    taken.add(movement.credit);
  }
  const amount = movement ? undefined : pick((c) => c.display === 'money');
  const status = pick(isStatusColumn);
  const time = pick((c) => c.name === page.dateRange?.column || c.type === 'daterange');
  const title = pick(() => true);
  const extra: DataColumn[] = [];
  // One or two more fields: descriptive ones first (type, bank, name), then further amounts.
  const rest = [
    ...columns.filter((c) => c.display !== 'money'),
    ...columns.filter((c) => c.display === 'money'),
  ];
  while (taken.size + extra.length < 5) {
    const next = rest.find((c) => !taken.has(c) && !extra.includes(c));
    if (!next) break;
    extra.push(next);
  }
  return { title, status, time, amount, movement, extra };
}

/** A statement row's movement: credit "+Rp. 1.000" (green), debit "−Rp. 1.000" (red), else "-". */
function Movement({ debit, credit }: { debit: unknown; credit: unknown }) {
  const credited = Number(credit ?? 0);
  const debited = Number(debit ?? 0);
  const sign = credited > 0 ? 'credit' : debited > 0 ? 'debit' : 'none';
  const text =
    sign === 'credit'
      ? `+${formatRupiah(credited)}`
      : sign === 'debit'
        ? `\u2212${formatRupiah(debited)}`
        : '-';
  return (
    <Text
      component="div"
      fw={700}
      size="sm"
      c={sign === 'credit' ? 'teal.8' : sign === 'debit' ? 'red.8' : undefined}
      style={{ flexShrink: 0, marginLeft: 'auto' }}
      data-testid="card-movement"
      data-sign={sign}
    >
      <span className="money">{text}</span>
    </Text>
  );
}

/** Phones: one card per row instead of a sideways-scrolled slice of the table. */
function RowCardsView({
  page,
  rows,
  pending,
  readyFor,
  onOpen,
}: {
  page: DataPageDescriptor;
  rows: Row[];
  pending: boolean;
  readyFor: string;
  onOpen(row: Row): void;
}) {
  const { t } = useTranslation();
  const { title, status, time, amount, movement, extra } = cardColumns(page);
  const hasActions = (page.actions ?? []).length > 0;
  return (
    <Stack gap="xs" data-testid="data-table" data-layout="cards" data-ready-for={readyFor}>
      {pending &&
        Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
          <Skeleton key={i} h={86} radius="md" />
        ))}
      {!pending && rows.length === 0 && (
        <Paper withBorder radius="md">
          <EmptyState />
        </Paper>
      )}
      {rows.map((row, index) => (
        <Paper
          key={String(row[page.rowKey] ?? index)}
          withBorder
          radius="md"
          p="sm"
          className={classes.card}
          onClick={() => onOpen(row)}
          data-testid="data-row"
          data-row-key={String(row[page.rowKey] ?? '')}
        >
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {title && (
                <Text
                  fw={600}
                  size="sm"
                  truncate="end"
                  style={{ minWidth: 0 }}
                  title={valueText(title, row[title.name], t)}
                  data-testid={`card-${title.name}`}
                >
                  {valueText(title, row[title.name], t)}
                </Text>
              )}
              {status && (
                <div style={{ flexShrink: 0 }} data-testid={`card-${status.name}`}>
                  <CellValue column={status} value={row[status.name]} t={t} />
                </div>
              )}
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {time && (
                <Text size="xs" c="dimmed" truncate="end" data-testid={`card-${time.name}`}>
                  {valueText(time, row[time.name], t)}
                </Text>
              )}
              {amount && (
                <Text
                  component="div"
                  fw={700}
                  size="sm"
                  style={{ flexShrink: 0, marginLeft: 'auto' }}
                  data-testid={`card-${amount.name}`}
                >
                  <CellValue column={amount} value={row[amount.name]} t={t} />
                </Text>
              )}
              {movement && (
                <Movement debit={row[movement.debit.name]} credit={row[movement.credit.name]} />
              )}
            </Group>
            {extra.map((column) => (
              <Group key={column.name} gap={6} wrap="nowrap" data-testid={`card-${column.name}`}>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {t(column.labelKey)}
                </Text>
                <Text component="div" size="xs" truncate="end" style={{ minWidth: 0 }}>
                  {column.type === 'enum' || column.display === 'money' ? (
                    <CellValue column={column} value={row[column.name]} t={t} />
                  ) : (
                    valueText(column, row[column.name], t)
                  )}
                </Text>
              </Group>
            ))}
            {hasActions && (
              <Group justify="flex-end" mt={4}>
                <RowActions page={page} row={row} />
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Memoized: the table's rows arriving re-render neither the filters nor the cards again. */
export const RowCards = memo(RowCardsView);
