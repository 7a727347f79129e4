import {
  BULK_VA_LIMITS,
  type BulkVaCellProblem,
  type BulkVaColumn,
  type BulkVaRow,
  type VaBankItem,
} from '@gerbang/shared/contract/bulk-va';
import {
  ActionIcon,
  Checkbox,
  Group,
  NumberInput,
  Pagination,
  Select,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Rows per page: the table stays light with ten thousand rows loaded. */
export const PAGE_SIZE = 50;

export function emptyRow(): BulkVaRow {
  return {
    kode_bank: '',
    amount: 0,
    customer_id: '',
    customer_name: '',
    customer_phone: '',
    customer_email: '',
    expired: '',
    type: 'close',
    send_mail: false,
    description: '',
  };
}

/** Serial fields keep letters, digits, `.`, `_`, `-` (customer id) or digits and `+` (phone). */
const serial = (value: string, phone: boolean) =>
  value.replace(phone ? /[^0-9+]/g : /[^A-Za-z0-9._-]/g, '').slice(0, BULK_VA_LIMITS.serialMax);

interface RowProps {
  index: number;
  row: BulkVaRow;
  bankOptions: { value: string; label: string }[];
  problemColumn: BulkVaColumn | 'file' | null;
  onChange: (index: number, next: BulkVaRow) => void;
  onRemove: (index: number) => void;
}

const EditableRow = memo(function EditableRow({
  index,
  row,
  bankOptions,
  problemColumn,
  onChange,
  onRemove,
}: RowProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<BulkVaRow>) => onChange(index, { ...row, ...patch });
  const bad = (column: BulkVaColumn) => problemColumn === column;
  const open = row.type === 'open';
  const cell = (column: BulkVaColumn) => ({
    'aria-label': `${t(`bulkva.col.${column}`)} ${index + 1}`,
    error: bad(column),
    size: 'xs' as const,
  });
  return (
    <Table.Tr data-testid={`bulkva-row-${index + 1}`}>
      <Table.Td>
        <Text size="xs">{index + 1}</Text>
      </Table.Td>
      <Table.Td miw={170}>
        <Select
          {...cell('kode_bank')}
          data={bankOptions}
          value={row.kode_bank || null}
          onChange={(v) => set({ kode_bank: v ?? '' })}
          searchable
          allowDeselect={false}
        />
      </Table.Td>
      <Table.Td miw={130}>
        <NumberInput
          {...cell('amount')}
          value={open ? '' : row.amount || ''}
          disabled={open}
          placeholder={open ? t('bulkva.anyAmount') : undefined}
          thousandSeparator="."
          decimalSeparator=","
          allowDecimal={false}
          allowNegative={false}
          hideControls
          max={BULK_VA_LIMITS.maxAmount}
          onChange={(v) => set({ amount: typeof v === 'number' ? v : Number(v) || 0 })}
        />
      </Table.Td>
      <Table.Td miw={120}>
        <TextInput
          {...cell('customer_id')}
          value={row.customer_id}
          onChange={(e) => set({ customer_id: serial(e.currentTarget.value, false) })}
        />
      </Table.Td>
      <Table.Td miw={160}>
        <TextInput
          {...cell('customer_name')}
          value={row.customer_name}
          maxLength={BULK_VA_LIMITS.textMax}
          onChange={(e) => set({ customer_name: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td miw={130}>
        <TextInput
          {...cell('customer_phone')}
          value={row.customer_phone}
          inputMode="tel"
          onChange={(e) => set({ customer_phone: serial(e.currentTarget.value, true) })}
        />
      </Table.Td>
      <Table.Td miw={180}>
        <TextInput
          {...cell('customer_email')}
          type="email"
          value={row.customer_email}
          maxLength={BULK_VA_LIMITS.textMax}
          onChange={(e) => set({ customer_email: e.currentTarget.value.trim() })}
        />
      </Table.Td>
      <Table.Td miw={190}>
        <TextInput
          {...cell('expired')}
          type="datetime-local"
          disabled={open}
          value={open ? '' : row.expired.replace(' ', 'T')}
          onChange={(e) => set({ expired: e.currentTarget.value.replace('T', ' ') })}
        />
      </Table.Td>
      <Table.Td miw={95}>
        <Select
          {...cell('type')}
          data={[
            { value: 'close', label: t('bulkva.typeClose') },
            { value: 'open', label: t('bulkva.typeOpen') },
          ]}
          value={row.type}
          allowDeselect={false}
          onChange={(v) =>
            set(v === 'open' ? { type: 'open', amount: 0, expired: '' } : { type: 'close' })
          }
        />
      </Table.Td>
      <Table.Td ta="center">
        <Checkbox
          aria-label={`${t('bulkva.col.send_mail')} ${index + 1}`}
          checked={row.send_mail}
          error={bad('send_mail')}
          onChange={(e) => set({ send_mail: e.currentTarget.checked })}
          data-testid={`bulkva-mail-${index + 1}`}
        />
      </Table.Td>
      <Table.Td miw={180}>
        <TextInput
          {...cell('description')}
          value={row.description}
          maxLength={BULK_VA_LIMITS.textMax}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${t('bulkva.removeRow')} ${index + 1}`}
          onClick={() => onRemove(index)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});

const HEAD: BulkVaColumn[] = [
  'kode_bank',
  'amount',
  'customer_id',
  'customer_name',
  'customer_phone',
  'customer_email',
  'expired',
  'type',
];

/**
 * The editable rows (spec 03 §2.8), one page at a time. The send-mail check-all in the header is
 * checked when every row sends mail, indeterminate when some do, and sets every row.
 */
export function BulkVaTable(props: {
  rows: BulkVaRow[];
  onChange: (rows: BulkVaRow[]) => void;
  banks: VaBankItem[];
  page: number;
  onPage: (page: number) => void;
  problem: BulkVaCellProblem | null;
}) {
  const { t } = useTranslation();
  const { rows, onChange, page, onPage, problem } = props;
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const start = (current - 1) * PAGE_SIZE;
  const visible = rows.slice(start, start + PAGE_SIZE);
  const bankOptions = useMemo(
    () => props.banks.map((b) => ({ value: b.kodeBank, label: `${b.kodeBank} ${b.namaBank}` })),
    [props.banks],
  );
  const mailed = useMemo(() => rows.reduce((n, r) => n + (r.send_mail ? 1 : 0), 0), [rows]);
  const all = rows.length > 0 && mailed === rows.length;

  const change = (index: number, next: BulkVaRow) => {
    const copy = rows.slice();
    copy[index] = next;
    onChange(copy);
  };
  const remove = (index: number) => onChange(rows.filter((_, i) => i !== index));

  return (
    <>
      <Table.ScrollContainer minWidth={1700} type="native">
        <Table verticalSpacing={4} horizontalSpacing={6} striped data-testid="bulkva-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bulkva.col.no')}</Table.Th>
              {HEAD.map((c) => (
                <Table.Th key={c}>{t(`bulkva.col.${c}`)}</Table.Th>
              ))}
              <Table.Th>
                <Group gap={6} wrap="nowrap">
                  <Checkbox
                    aria-label={t('bulkva.checkAll')}
                    title={t('bulkva.checkAll')}
                    checked={all}
                    indeterminate={mailed > 0 && !all}
                    onChange={() => onChange(rows.map((r) => ({ ...r, send_mail: !all })))}
                    data-testid="bulkva-mail-all"
                  />
                  <span>{t('bulkva.col.send_mail')}</span>
                </Group>
              </Table.Th>
              <Table.Th>{t('bulkva.col.description')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row, k) => (
              <EditableRow
                // biome-ignore lint/suspicious/noArrayIndexKey: the row number is the identity; every input is controlled
                key={start + k}
                index={start + k}
                row={row}
                bankOptions={bankOptions}
                problemColumn={problem && problem.row === start + k + 1 ? problem.column : null}
                onChange={change}
                onRemove={remove}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('bulkva.pageOf', { page: current, pages })}
          </Text>
          <Pagination
            total={pages}
            value={current}
            onChange={onPage}
            size="sm"
            siblings={1}
            data-testid="bulkva-pages"
          />
        </Group>
      )}
    </>
  );
}
