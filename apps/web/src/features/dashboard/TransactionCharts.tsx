import {
  formatIdNumber,
  formatRupiah,
  type ResumeItem,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@gerbang/shared';
import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DonutChart, StackedBarChart } from '../../components/charts/charts';
import classes from './cards.module.css';
import { formatShortDate } from './dates';
import { Placeholder } from './StatCard';
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
    <div className={classes.card} data-testid={testId}>
      <div>
        <p className={classes.title}>{title}</p>
        {subtitle && <p className={classes.small}>{subtitle}</p>}
      </div>
      <div className={classes.chartBody}>{children}</div>
    </div>
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
        <div className={classes.donutRow}>
          <Placeholder w={136} h={136} radius="50%" />
          <div className={classes.legend}>
            <Placeholder h={14} />
            <Placeholder h={14} />
            <Placeholder h={14} />
          </div>
        </div>
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
        <div className={classes.donutRow}>
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
          <div className={classes.legend}>
            {items.map((item) => (
              <div key={item.key} data-testid={`${testId}-${item.key}`}>
                <div className={classes.legendLine}>
                  <span className={classes.legendName}>
                    <span
                      className={classes.legendDot}
                      style={{
                        background: `var(--mantine-color-${(STATUS_COLORS[item.key] ?? 'gray.5').replace('.', '-')})`,
                      }}
                    />
                    {t(`dashboard.charts.status.${item.key}`)}
                  </span>
                  <span className={classes.legendCount}>{formatIdNumber(item.value)}</span>
                </div>
                <p className={`${classes.small} ${classes.legendAmount}`}>
                  {formatRupiah(Number(item.data.amount ?? 0))}
                </p>
              </div>
            ))}
            {total === 0 && <p className={classes.small}>{t('dashboard.charts.noTransactions')}</p>}
          </div>
        </div>
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
        <Placeholder h={240} />
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
