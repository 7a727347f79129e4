import {
  type DataColumn,
  type DataFilter,
  type DataPageDescriptor,
  type FilterOperator,
  maxFilterRows,
  OPERATORS_BY_TYPE,
} from '@gerbang/shared';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDownload, IconLock, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../components/DateRangePicker';
import { LocalizedDates } from '../../components/LocalizedDates';
import { todayWib } from './tableState';

const operatorKey = (operator: FilterOperator) => `data.operators.${operator.replace(' ', '_')}`;

/** One editable filter row; `value` is text as the server takes it. */
interface DraftRow {
  id: number;
  column: string;
  operator: FilterOperator | '';
  value: string;
}

let rowIds = 0;
const toDraft = (filter: DataFilter): DraftRow => ({ id: rowIds++, ...filter });

function ValueInput({
  column,
  row,
  index,
  onChange,
}: {
  column: DataColumn | undefined;
  row: DraftRow;
  index: number;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const label = t('data.ui.value');
  const testId = `filter-value-${index}`;
  if (!column) return <TextInput label={label} disabled data-testid={testId} />;
  if (column.type === 'enum') {
    return (
      <Select
        label={label}
        placeholder={t('data.ui.choose')}
        data={(column.enumValues ?? []).map((v) => ({ value: v.value, label: t(v.labelKey) }))}
        value={row.value || null}
        onChange={(v) => onChange(v ?? '')}
        comboboxProps={{ withinPortal: true }}
        data-testid={testId}
      />
    );
  }
  if (column.type === 'date') {
    return (
      <DatePickerInput
        label={label}
        placeholder={t('data.ui.choose')}
        valueFormat="DD-MM-YYYY"
        maxDate={todayWib()}
        value={row.value || null}
        onChange={(v) => onChange(v ?? '')}
        clearable
        data-testid={testId}
      />
    );
  }
  return (
    <TextInput
      label={label}
      value={row.value}
      inputMode={column.type === 'integer' ? 'numeric' : 'text'}
      maxLength={column.type === 'integer' ? 16 : 255}
      onChange={(e) => {
        const text = e.currentTarget.value;
        onChange(column.type === 'integer' ? text.replace(/[^\d-]/g, '') : text);
      }}
      data-testid={testId}
    />
  );
}

/**
 * The filter rows of spec 03 §5.1: at most columns − 1 rows, operators by the column's type, the
 * fixed date-range row first (its column cannot change and it cannot be removed; no future dates).
 * Edits are a draft until Search applies them.
 */
function FilterRowsView({
  page,
  applied,
  onSearch,
  onDownload,
  downloading,
}: {
  page: DataPageDescriptor;
  applied: DataFilter[];
  onSearch(filters: DataFilter[]): void;
  onDownload?: () => void;
  downloading: boolean;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<DraftRow[]>(() => applied.map(toDraft));
  const appliedKey = JSON.stringify(applied);
  // A new URL (back button, row-action link) replaces the draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey is the content of `applied`
  useEffect(() => setRows(applied.map(toDraft)), [appliedKey]);

  const rangeColumn = page.dateRange?.column;
  const filterable = page.columns.filter((c) => c.type !== 'daterange');
  const max = maxFilterRows(page);
  const columnOf = (name: string) => page.columns.find((c) => c.name === name);
  const setRow = (id: number, change: Partial<DraftRow>) =>
    setRows((current) => current.map((r) => (r.id === id ? { ...r, ...change } : r)));

  const search = () => {
    onSearch(
      rows
        .filter((r) => r.column && r.operator && r.value.trim() !== '')
        .map((r) => ({
          column: r.column,
          operator: r.operator as FilterOperator,
          value: r.value.trim(),
        })),
    );
  };

  return (
    <LocalizedDates>
      <Paper withBorder p="md" radius="md" data-testid="data-filters">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('data.ui.filters')}
          </Text>
          {rows.map((row, index) => {
            const fixed = row.column === rangeColumn && row.operator === 'between';
            const column = columnOf(row.column);
            if (fixed) {
              const [from = '', to = ''] = row.value.split(',');
              return (
                <Group
                  key={row.id}
                  align="flex-end"
                  gap="sm"
                  wrap="nowrap"
                  data-testid="filter-row"
                  data-fixed="true"
                >
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
                    <TextInput
                      label={t('data.ui.column')}
                      value={column ? t(column.labelKey) : row.column}
                      readOnly
                      title={t('data.ui.fixedFilter')}
                    />
                    <TextInput
                      label={t('data.ui.operator')}
                      value={t(operatorKey('between'))}
                      readOnly
                    />
                    <DateRangePicker
                      label={t('data.ui.value')}
                      from={from}
                      to={to}
                      onChange={(start, end) => setRow(row.id, { value: `${start},${end}` })}
                      testId="filter-daterange"
                    />
                  </SimpleGrid>
                  {/* In the place of the other rows' remove button: this row cannot be removed. */}
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mb={4}
                    disabled
                    aria-label={t('data.ui.fixedFilter')}
                  >
                    <IconLock size={16} />
                  </ActionIcon>
                </Group>
              );
            }
            return (
              <Group key={row.id} align="flex-end" gap="sm" wrap="nowrap" data-testid="filter-row">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
                  <Select
                    label={t('data.ui.column')}
                    placeholder={t('data.ui.choose')}
                    data={filterable.map((c) => ({ value: c.name, label: t(c.labelKey) }))}
                    value={row.column || null}
                    searchable
                    allowDeselect={false}
                    onChange={(name) => {
                      const next = columnOf(name ?? '');
                      setRow(row.id, {
                        column: name ?? '',
                        operator: next ? (OPERATORS_BY_TYPE[next.type][0] ?? '') : '',
                        value: '',
                      });
                    }}
                    data-testid={`filter-column-${index}`}
                  />
                  <Select
                    label={t('data.ui.operator')}
                    data={(column ? OPERATORS_BY_TYPE[column.type] : []).map((op) => ({
                      value: op,
                      label: t(operatorKey(op)),
                    }))}
                    value={row.operator || null}
                    allowDeselect={false}
                    onChange={(op) => setRow(row.id, { operator: (op ?? '') as FilterOperator })}
                    disabled={!column}
                    data-testid={`filter-operator-${index}`}
                  />
                  <ValueInput
                    column={column}
                    row={row}
                    index={index}
                    onChange={(value) => setRow(row.id, { value })}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={t('data.ui.removeFilter')}
                  onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}
                  data-testid={`filter-remove-${index}`}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Group>
            );
          })}
          <Group justify="space-between" gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={rows.length >= max}
              onClick={() =>
                setRows((current) => [
                  ...current,
                  { id: rowIds++, column: '', operator: '', value: '' },
                ])
              }
              data-testid="filter-add"
            >
              {t('data.ui.addFilter')}
            </Button>
            <Group gap="sm">
              <Button
                leftSection={<IconSearch size={16} />}
                onClick={search}
                data-testid="filter-search"
              >
                {t('data.ui.search')}
              </Button>
              {onDownload && (
                <Button
                  variant="outline"
                  leftSection={<IconDownload size={16} />}
                  onClick={onDownload}
                  loading={downloading}
                  data-testid="data-download"
                >
                  {t('data.ui.download')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </Paper>
    </LocalizedDates>
  );
}

/** Memoized: the table's rows arriving re-render neither the filters nor the cards again. */
export const FilterRows = memo(FilterRowsView);
