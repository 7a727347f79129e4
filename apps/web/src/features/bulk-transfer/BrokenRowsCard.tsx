import type { BulkRowProblem, BulkTransferColumn } from '@gerbang/shared/contract/bulk-transfer';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BrokenRow, errorListCsv } from './broken-rows';
import { FixRowsTable } from './FixRowsTable';

/**
 * The rows of the upload that break a rule, all at once: their count, the fix table, the re-check
 * and the error list as a CSV download. After a re-check it says how many fixed rows joined the
 * table; it hides itself when nothing is left to fix.
 */
export function BrokenRowsCard({
  broken,
  fileName,
  onEdit,
  onDrop,
  onRecheck,
}: {
  broken: BrokenRow[];
  fileName: string;
  onEdit(index: number, column: BulkTransferColumn, value: string): void;
  onDrop(index: number): void;
  /** Answers how many rows passed. */
  onRecheck(): number;
}) {
  const { t } = useTranslation();
  const [passed, setPassed] = useState<number | null>(null);
  const cells = broken.reduce((sum, b) => sum + b.problems.length, 0);

  const download = () => {
    const reason = (p: BulkRowProblem) => t(p.key, { row: p.row, column: p.column });
    const csv = errorListCsv(broken, t('bulk.fix.csvHeader'), reason);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${fileName.replace(/\.csv$/i, '')}-errors.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  const passedNotice = passed !== null && passed > 0 && (
    <Alert color="green" p="xs" data-testid="bulk-fix-passed">
      {t('bulk.fix.passed', { count: passed })}
    </Alert>
  );
  if (broken.length === 0) return passedNotice || null;
  return (
    <Card withBorder radius="md" p="md" data-testid="bulk-fix">
      <Stack gap="sm">
        <Title order={4}>{t('bulk.fix.title')}</Title>
        <Alert color="red" p="xs" data-testid="bulk-fix-summary">
          {t('bulk.fix.summary', { count: broken.length, cells })}
        </Alert>
        {passedNotice}
        <FixRowsTable broken={broken} onEdit={onEdit} onDrop={onDrop} />
        <Group gap="sm" wrap="wrap">
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={() => setPassed(onRecheck())}
            data-testid="bulk-fix-recheck"
          >
            {t('bulk.fix.recheck')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={download}
            data-testid="bulk-fix-download"
          >
            {t('bulk.fix.download')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('bulk.fix.blocked')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
