import {
  BULK_TRANSFER_COLUMNS,
  type BulkRowProblem,
  type BulkTransferColumn,
} from '@gerbang/shared/contract/bulk-transfer';
import { Box, Button, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrokenRow } from './broken-rows';

/** Tall enough for a cell's input and one line of its reason. */
const ROW_HEIGHT = 64;
const GRID =
  '52px 72px minmax(130px, 1fr) minmax(110px, 0.8fr) minmax(150px, 1fr) 110px minmax(130px, 1fr) 84px';

/**
 * The rows that break a rule, virtualised like the rows table: every cell is an input the user can
 * fix in place, a broken cell shows its reason (from the last check) under it, and a row can be
 * dropped. The page re-checks the edits.
 */
export function FixRowsTable({
  broken,
  onEdit,
  onDrop,
}: {
  broken: BrokenRow[];
  onEdit(index: number, column: BulkTransferColumn, value: string): void;
  onDrop(index: number): void;
}) {
  const { t } = useTranslation();
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: broken.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <Box
      data-testid="bulk-fix-table"
      style={{ border: '1px solid var(--mantine-color-red-3)', borderRadius: 8 }}
    >
      <Box style={{ overflowX: 'auto' }}>
        <Box miw={900}>
          <Box
            px="xs"
            py={8}
            style={{
              display: 'grid',
              gridTemplateColumns: GRID,
              gap: 8,
              fontWeight: 600,
              fontSize: 13,
              borderBottom: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <span>{t('bulk.fix.row')}</span>
            {BULK_TRANSFER_COLUMNS.map((column) => (
              <span key={column}>{t(`bulk.col.${column}`)}</span>
            ))}
            <span>{t('bulk.fix.action')}</span>
          </Box>
          <div
            ref={parent}
            style={{ height: Math.min(400, broken.length * ROW_HEIGHT + 4), overflowY: 'auto' }}
            data-testid="bulk-fix-scroll"
          >
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => (
                <FixRow
                  key={(broken[item.index] as BrokenRow).raw.line}
                  row={broken[item.index] as BrokenRow}
                  top={item.start}
                  onEdit={(column, value) => onEdit(item.index, column, value)}
                  onDrop={() => onDrop(item.index)}
                />
              ))}
            </div>
          </div>
        </Box>
      </Box>
    </Box>
  );
}

/** One broken row: the line, an input per cell (broken ones marked), Drop, and the reasons. */
function FixRow({
  row: { raw, problems },
  top,
  onEdit,
  onDrop,
}: {
  row: BrokenRow;
  top: number;
  onEdit(column: BulkTransferColumn, value: string): void;
  onDrop(): void;
}) {
  const { t } = useTranslation();
  const reason = (problem: BulkRowProblem) =>
    t(problem.key, { row: problem.row, column: problem.column });
  return (
    <Box
      px="xs"
      data-testid={`bulk-fix-row-${raw.line}`}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        transform: `translateY(${top}px)`,
        display: 'grid',
        gridTemplateColumns: GRID,
        gridTemplateRows: '30px 18px',
        gap: 8,
        rowGap: 4,
        alignItems: 'center',
        paddingTop: 6,
        fontSize: 13,
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Text size="sm">{raw.line}</Text>
      {BULK_TRANSFER_COLUMNS.map((column) => (
        <TextInput
          key={column}
          size="xs"
          miw={0}
          value={raw[column]}
          error={problems.some((p) => p.column === column)}
          aria-label={`${t('bulk.fix.row')} ${raw.line} ${t(`bulk.col.${column}`)}`}
          onChange={(e) => onEdit(column, e.currentTarget.value)}
          data-testid={`bulk-fix-${raw.line}-${column}`}
        />
      ))}
      <Button
        size="xs"
        variant="subtle"
        color="red"
        px={6}
        leftSection={<IconTrash size={14} />}
        aria-label={t('bulk.fix.dropRow', { row: raw.line })}
        onClick={onDrop}
        data-testid={`bulk-fix-drop-${raw.line}`}
      >
        {t('bulk.fix.drop')}
      </Button>
      <Text
        size="xs"
        c="red.8"
        truncate
        style={{ gridColumn: '2 / -1' }}
        title={problems.map(reason).join('\n')}
        data-testid={`bulk-fix-errors-${raw.line}`}
      >
        {problems.map(reason).join(' · ')}
      </Text>
    </Box>
  );
}
