import {
  formatIdNumber,
  formatRupiah,
  type ResumeItem,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@gerbang/shared';
import { Box, Center, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DonutChart, StackedBarChart } from '../../components/charts/charts';
import { formatShortDate } from './dates';
import { useResume } from './useResume';

const STATUS_COLORS: Record<string, string> = {
  SUCCESS: 'teal.6',
  PROCESS: 'yellow.5',
  FAILED: 'red.6',
};
const TYPE_COLORS: Record<TransactionType, string> = {
  TRANSFER: 'indigo.6',
  IPG: 'teal.6',
  EMONEY: 'grape.5',
};

function ChartCard({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" h="100%" data-testid={testId}>
      <Text fw={600}>{title}</Text>
      {subtitle && (
        <Text size="xs" c="dimmed">
          {subtitle}
        </Text>
      )}
      <Box mt="md">{children}</Box>
    </Paper>
  );
}

/** A day's transactions of one type by status: donut plus a legend with counts and amounts. */
function StatusDonut({
  date,
  type,
  title,
  testId,
}: {
  date: string;
  type: TransactionType;
  title: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const query = useResume<ResumeItem[]>('trx_status_date', { date, type });
  if (query.isPending)
    return (
      <ChartCard title={title} testId={testId}>
        <Group wrap="nowrap">
          <Skeleton circle h={136} w={136} />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Skeleton h={14} />
            <Skeleton h={14} />
            <Skeleton h={14} />
          </Stack>
        </Group>
      </ChartCard>
    );
  const items = query.data ?? [];
  const total = items.reduce((sum, item) => sum + item.value, 0);
  // Only segments with a value are drawn: a zero segment or the stroke of a single full one
  // would cut a notch into the ring.
  const drawn = items.filter((item) => item.value > 0);
  return (
    <ChartCard title={title} testId={testId}>
      {query.isError ? (
        <Center h={150}>
          <Text c="dimmed" data-testid={`${testId}-na`}>
            {t('common.notAvailable')}
          </Text>
        </Center>
      ) : (
        <Group wrap="nowrap" gap="md" align="center">
          <DonutChart
            size={136}
            thickness={18}
            withTooltip={total > 0}
            chartLabel={formatIdNumber(total)}
            data={
              total > 0
                ? drawn.map((item) => ({
                    name: t(`dashboard.charts.status.${item.key}`),
                    value: item.value,
                    color: STATUS_COLORS[item.key] ?? 'gray.5',
                  }))
                : [{ name: t('dashboard.charts.noTransactions'), value: 1, color: 'gray.2' }]
            }
          />
          <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
            {items.map((item) => (
              <Box key={item.key} data-testid={`${testId}-${item.key}`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={8} wrap="nowrap">
                    <Box
                      w={10}
                      h={10}
                      style={{
                        borderRadius: 99,
                        flexShrink: 0,
                        background: `var(--mantine-color-${(STATUS_COLORS[item.key] ?? 'gray.5').replace('.', '-')})`,
                      }}
                    />
                    <Text size="sm">{t(`dashboard.charts.status.${item.key}`)}</Text>
                  </Group>
                  <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatIdNumber(item.value)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" pl={18} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatRupiah(Number(item.data.amount ?? 0))}
                </Text>
              </Box>
            ))}
            {total === 0 && (
              <Text size="xs" c="dimmed">
                {t('dashboard.charts.noTransactions')}
              </Text>
            )}
          </Stack>
        </Group>
      )}
    </ChartCard>
  );
}

export function CashFlowDonuts({ date }: { date: string }) {
  const { t } = useTranslation();
  return (
    <>
      <StatusDonut
        date={date}
        type="TRANSFER"
        title={t('dashboard.charts.cashOut')}
        testId="chart-cash-out"
      />
      <StatusDonut
        date={date}
        type="IPG"
        title={t('dashboard.charts.cashIn')}
        testId="chart-cash-in"
      />
    </>
  );
}

/** Successful transactions per day and type for the 7 days up to the chosen date. */
export function SuccessBarChart({ date }: { date: string }) {
  const { t, i18n } = useTranslation();
  const query = useResume<ResumeItem[]>('trx_product_date', { date });
  const empty =
    query.isSuccess &&
    (query.data ?? []).every((item) =>
      TRANSACTION_TYPES.every((type) => Number(item.data[type] ?? 0) === 0),
    );
  return (
    <ChartCard
      title={t('dashboard.charts.successTitle')}
      subtitle={t('dashboard.charts.successSubtitle')}
      testId="chart-success"
    >
      {query.isPending ? (
        <Skeleton h={240} />
      ) : query.isError ? (
        <Center h={240}>
          <Text c="dimmed">{t('common.notAvailable')}</Text>
        </Center>
      ) : empty ? (
        <Center h={240} data-testid="chart-success-empty">
          <Stack align="center" gap={6}>
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconChartBarOff size={26} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600} c="dimmed">
              {t('ui.empty.chartTitle')}
            </Text>
            <Text size="sm" c="dimmed" ta="center" maw={320}>
              {t('ui.empty.chartHint')}
            </Text>
          </Stack>
        </Center>
      ) : (
        <StackedBarChart
          h={240}
          maxBarWidth={36}
          dataKey="day"
          valueFormatter={formatIdNumber}
          data={(query.data ?? []).map((item) => ({
            day: formatShortDate(item.key, i18n.language),
            ...Object.fromEntries(
              TRANSACTION_TYPES.map((type) => [type, Number(item.data[type] ?? 0)]),
            ),
          }))}
          series={TRANSACTION_TYPES.map((type) => ({
            name: type,
            label: t(`dashboard.charts.types.${type}`),
            color: TYPE_COLORS[type],
          }))}
        />
      )}
    </ChartCard>
  );
}
