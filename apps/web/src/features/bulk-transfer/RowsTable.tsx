import { formatRupiah } from '@gerbang/shared';
import type { BulkBatchItem, BulkTransferRow } from '@gerbang/shared/contract/bulk-transfer';
import { findBank } from '@gerbang/shared/domain/banks';
import { Badge, Box, Checkbox, Group, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

const ROW_HEIGHT = 44;

/**
 * The uploaded rows, virtualised: only the rows in view (plus a few) are in the DOM, so 20,000
 * rows scroll as smoothly as 20. A row shows its check box, the file's fields and, after the
 * Check, the account name (paid) or the reason (errored).
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
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const count = selected.filter(Boolean).length;
  const grid = '36px 56px 112px minmax(120px, 1fr) 120px minmax(160px, 1.5fr)';
  return (
    <Box
      data-testid="bulk-table"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
    >
      <Box style={{ overflowX: 'auto' }}>
        <Box miw={620}>
          <Box
            px="xs"
            py={8}
            style={{
              display: 'grid',
              gridTemplateColumns: grid,
              gap: 8,
              fontWeight: 600,
              fontSize: 13,
              borderBottom: '1px solid var(--mantine-color-gray-3)',
            }}
          >
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
          </Box>
          <div
            ref={parent}
            style={{ height: Math.min(440, rows.length * ROW_HEIGHT + 4), overflowY: 'auto' }}
            data-testid="bulk-scroll"
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index] as BulkTransferRow;
                const result = results[item.index];
                return (
                  <Box
                    key={item.key}
                    px="xs"
                    data-testid={`bulk-row-${item.index + 1}`}
                    style={{
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      right: 0,
                      height: ROW_HEIGHT,
                      transform: `translateY(${item.start}px)`,
                      display: 'grid',
                      gridTemplateColumns: grid,
                      gap: 8,
                      alignItems: 'center',
                      fontSize: 13,
                      borderBottom: '1px solid var(--mantine-color-gray-2)',
                    }}
                  >
                    <Checkbox
                      aria-label={t('bulk.selectRow', { row: item.index + 1 })}
                      checked={selected[item.index] ?? false}
                      onChange={() => onToggle(item.index)}
                    />
                    <span>{item.index + 1}</span>
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
              })}
            </div>
          </div>
        </Box>
      </Box>
    </Box>
  );
}
