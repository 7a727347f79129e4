import { formatIdNumber, formatRupiah, type ResumeItem } from '@gerbang/shared';
import { Divider, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconCoins } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SummaryFigure } from './StatCard';
import { useResume } from './useResume';

/**
 * Aggregator (group 11) revenue share: today and this month, total with the VA and transfer split
 * and the member transaction counts; each card opens its data page (spec 01 §2).
 */
function FeeCard({
  item,
  query,
  label,
  to,
  testId,
}: {
  item: ResumeItem | undefined;
  query: UseQueryResult<ResumeItem>;
  label: string;
  to: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const d = item?.data;
  const split = (name: string, fee: unknown, trx: unknown) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {d ? formatRupiah(Number(fee)) : t('common.notAvailable')}
      </Text>
      <Text size="xs" c="dimmed">
        {d ? t('dashboard.cards.trxCount', { count: Number(trx) }) : ''}
      </Text>
    </Stack>
  );
  return (
    <Paper
      component={Link}
      to={to}
      withBorder
      radius="lg"
      p="md"
      data-testid={testId}
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={6}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <ThemeIcon variant="light" color="violet" radius="md" size={34}>
          <IconCoins size={20} />
        </ThemeIcon>
      </Group>
      <SummaryFigure query={query} testId={`${testId}-value`} />
      <Text size="xs" c="dimmed" mb="xs">
        {d ? `${t('dashboard.cards.totalTrx')}: ${formatIdNumber(Number(d.totaltrx))}` : ' '}
      </Text>
      <Divider mb="xs" />
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Group gap="xl" wrap="nowrap">
          {split(t('dashboard.cards.feeVa'), d?.feeva, d?.trxva)}
          {split(t('dashboard.cards.feeTransfer'), d?.feetrf, d?.trxtrf)}
        </Group>
        <Group gap={2} c="blue.7" wrap="nowrap">
          <Text size="xs" fw={600}>
            {t('dashboard.cards.seeDetail')}
          </Text>
          <IconChevronRight size={14} />
        </Group>
      </Group>
    </Paper>
  );
}

export function AggregatorCards({ date }: { date: string }) {
  const { t } = useTranslation();
  const daily = useResume('aggregator_fee_daily', { date });
  const monthly = useResume('aggregator_fee_monthly', { date });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <FeeCard
        item={daily.data}
        query={daily}
        label={t('dashboard.cards.aggregatorFeeDaily')}
        to="/data/aggregator_fee_daily"
        testId="aggregator-fee-daily"
      />
      <FeeCard
        item={monthly.data}
        query={monthly}
        label={t('dashboard.cards.aggregatorFeeMonthly')}
        to="/data/aggregator_fee_monthly"
        testId="aggregator-fee-monthly"
      />
    </SimpleGrid>
  );
}
