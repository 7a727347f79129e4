import type { DataPageDescriptor } from '@gerbang/shared';
import {
  dataPageCalls,
  STATEMENT_PAGES,
  type StatementPage,
} from '@gerbang/shared/contract/data-pages-calls';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';
import { callKey, callQuery } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useTableState } from './tableState';

/** The statement pages (balance, balance_detail): the summary sits above their table. */
export const isStatementPage = (
  page: DataPageDescriptor,
): page is DataPageDescriptor & { path: StatementPage } =>
  (STATEMENT_PAGES as readonly string[]).includes(page.path);

/** A YYYY-MM-DD date as the pages show it, day-month-year. */
const showDay = (date: string) => date.split('-').reverse().join('-');

function Figure({
  label,
  value,
  testId,
  sign,
}: {
  label: string;
  value: number | undefined;
  testId: string;
  sign?: '+' | '−';
}) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={26} w={120} />
      ) : (
        <Text
          fw={700}
          size="lg"
          c={sign === '+' ? 'teal.7' : sign === '−' ? 'red.7' : undefined}
          data-testid={testId}
          data-value={value}
        >
          {sign && value > 0 ? `${sign} ` : ''}
          <Money value={value} />
        </Text>
      )}
    </Stack>
  );
}

/**
 * Opening and closing available balance of the range the table shows, with the credits and
 * debits between them: opening + credit − debit = closing, the sum of the rows.
 */
export function StatementSummary({ page }: { page: DataPageDescriptor & { path: StatementPage } }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const { state } = useTableState(page);
  // Only the range matters to the summary; paging, sorting and other filters do not refetch it.
  const range = state.filters.find(
    (f) => f.column === page.dateRange?.column && f.operator === 'between',
  );
  const rangeQuery = { filters: JSON.stringify(range ? [range] : []) };
  const result = useQuery({
    ...callQuery(dataPageCalls.summary[page.path], rangeQuery, { silent: true }),
    queryKey: [...callKey(dataPageCalls.summary[page.path], rangeQuery), session?.environment],
  });
  const data = result.data;
  if (result.isError) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="statement-summary">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {t('statement.summary.title')}
          </Text>
          {data && (
            <Text size="sm" c="dimmed" data-testid="statement-period">
              {t('statement.summary.period', { from: showDay(data.from), to: showDay(data.to) })}
              {' · '}
              {t('statement.summary.rows', { count: data.count })}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure
            label={t('statement.summary.opening')}
            value={data?.opening}
            testId="statement-opening"
          />
          <Figure
            label={t('statement.summary.credit')}
            value={data?.credit}
            testId="statement-credit"
            sign="+"
          />
          <Figure
            label={t('statement.summary.debit')}
            value={data?.debit}
            testId="statement-debit"
            sign="−"
          />
          <Figure
            label={t('statement.summary.closing')}
            value={data?.closing}
            testId="statement-closing"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('statement.summary.note')}
        </Text>
      </Stack>
    </Paper>
  );
}
