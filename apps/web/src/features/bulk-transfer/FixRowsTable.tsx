import {
  BULK_TRANSFER_COLUMNS,
  type BulkRowProblem,
  type BulkTransferColumn,
} from '@gerbang/shared/contract/bulk-transfer';
import { Box, Button, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrokenRow } from './broken-rows';
import { VirtualGrid } from './VirtualGrid';

/** Tall enough for a cell's input and one line of its reason. */
const ROW_HEIGHT = 64;
const GRID =
  '52px 72px minmax(130px, 1fr) minmax(110px, 0.8fr) minmax(150px, 1fr) 110px minmax(130px, 1fr) 84px';

/**
 * The rows that break a rule, virtualised like the rows table (`VirtualGrid`): every cell is an input the user can
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
  return (
    <VirtualGrid
      grid={GRID}
      rowHeight={ROW_HEIGHT}
      maxHeight={400}
      minWidth={900}
      count={broken.length}
      overscan={8}
      border="1px solid var(--mantine-color-red-3)"
      testId="bulk-fix-table"
      scrollTestId="bulk-fix-scroll"
      header={
        <>
          <span>{t('bulk.fix.row')}</span>
          {BULK_TRANSFER_COLUMNS.map((column) => (
            <span key={column}>{t(`bulk.col.${column}`)}</span>
          ))}
          <span>{t('bulk.fix.action')}</span>
        </>
      }
      row={(index, style) => (
        <FixRow
          key={(broken[index] as BrokenRow).raw.line}
          row={broken[index] as BrokenRow}
          style={style}
          onEdit={(column, value) => onEdit(index, column, value)}
          onDrop={() => onDrop(index)}
        />
      )}
    />
  );
}

/** One broken row: the line, an input per cell (broken ones marked), Drop, and the reasons. */
function FixRow({
  row: { raw, problems },
  style,
  onEdit,
  onDrop,
}: {
  row: BrokenRow;
  style: CSSProperties;
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
      // Two grid lines: the inputs, then the reasons under them.
      style={{ ...style, gridTemplateRows: '30px 18px', rowGap: 4, paddingTop: 6 }}
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
