import { formatRupiah } from '@gerbang/shared';
import type { BulkBatchItem, BulkTransferRow } from '@gerbang/shared/contract/bulk-transfer';
import { findBank } from '@gerbang/shared/domain/banks';
import { Badge, Box, Checkbox, Group, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { VirtualGrid } from './VirtualGrid';

const GRID = '36px 56px 112px minmax(120px, 1fr) 120px minmax(160px, 1.5fr)';

/**
 * The uploaded rows (virtualised, `VirtualGrid`). A row shows its check box, the file's fields
 * and, after the Check, the account name (paid) or the reason (errored).
 */
export function RowsTable({
  rows,
  selected,
  results,
  onToggle,
  onToggleAll,
}: {
  rows: BulkTransferRow[];
  selected: boolean[];
  results: (BulkBatchItem | undefined)[];
  onToggle(index: number): void;
  onToggleAll(checked: boolean): void;
}) {
  const { t } = useTranslation();
  const count = selected.filter(Boolean).length;
  return (
    <VirtualGrid
      grid={GRID}
      rowHeight={44}
      maxHeight={440}
      minWidth={620}
      count={rows.length}
      overscan={12}
      border="1px solid var(--mantine-color-gray-3)"
      testId="bulk-table"
      scrollTestId="bulk-scroll"
      header={
        <>
          <Checkbox
            aria-label={t('bulk.selectAll')}
            checked={count === rows.length && rows.length > 0}
            indeterminate={count > 0 && count < rows.length}
            onChange={(e) => onToggleAll(e.currentTarget.checked)}
            data-testid="bulk-select-all"
          />
          <span>{t('bulk.col.no')}</span>
          <span>{t('bulk.col.bankCode')}</span>
          <span>{t('bulk.col.accountNumber')}</span>
          <span style={{ textAlign: 'right' }}>{t('bulk.col.nominal')}</span>
          <span>{t('bulk.col.result')}</span>
        </>
      }
      row={(index, style) => (
        <Row
          key={index}
          index={index}
          style={style}
          row={rows[index] as BulkTransferRow}
          result={results[index]}
          checked={selected[index] ?? false}
          onToggle={() => onToggle(index)}
        />
      )}
    />
  );
}

function Row(p: {
  index: number;
  style: CSSProperties;
  row: BulkTransferRow;
  result: BulkBatchItem | undefined;
  checked: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  const { row, result } = p;
  return (
    <Box px="xs" data-testid={`bulk-row-${p.index + 1}`} style={p.style}>
      <Checkbox
        aria-label={t('bulk.selectRow', { row: p.index + 1 })}
        checked={p.checked}
        onChange={p.onToggle}
      />
      <span>{p.index + 1}</span>
      {/* The bank's name, as people know it; the code stays in the tooltip. */}
      <Text size="sm" truncate title={row.bankCode} data-testid="bulk-row-bank">
        {findBank(row.bankCode)?.namabank ?? row.bankCode}
      </Text>
      <Text size="sm" truncate title={row.note}>
        {row.accountNumber}
      </Text>
      <span style={{ textAlign: 'right' }}>{formatRupiah(row.nominal)}</span>
      <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
        {result?.status === 'paid' && (
          <>
            <Badge color="green" variant="light" size="sm">
              {t('bulk.paid')}
            </Badge>
            <Text size="xs" truncate>
              {result.customername}
            </Text>
          </>
        )}
        {result?.status === 'error' && (
          <Text size="xs" c="red" truncate title={result.rd}>
            {result.rd}
          </Text>
        )}
      </Group>
    </Box>
  );
}
