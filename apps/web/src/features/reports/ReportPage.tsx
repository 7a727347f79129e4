import {
  AGENT_GROUP,
  AGGREGATOR_REPORT_TABS,
  findReport,
  formatIdNumber,
  formatRupiah,
  NORMAL_REPORT_TABS,
  RC,
  REPORT_YEARS_BACK,
  type ReportDefinition,
  type ReportKey,
  type ReportRow,
  TRANSACTION_TYPES,
  type TransactionType,
  wibDate,
} from '@gerbang/shared';
import { reportCalls } from '@gerbang/shared/contract/reports-calls';
import {
  Alert,
  Button,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { StackedBarChart } from '../../components/charts/charts';
import { PageGuard } from '../../components/PageGuard';
import { ApiFailure, client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { serverNow } from '../../lib/server-clock';
import { useLoggedIn, useSession } from '../../lib/session';
import { downloadReport } from './downloadReport';

const SERIES_COLORS = [
  'blue.6',
  'orange.5',
  'cyan.6',
  'lime.6',
  'pink.5',
  'violet.5',
  'yellow.6',
  'red.5',
];
/** Known groups keep the colours the dashboard uses for them. */
const GROUP_COLORS: Record<string, string> = {
  TRANSFER: 'indigo.6',
  IPG: 'teal.6',
  EMONEY: 'grape.5',
  SENT: 'teal.6',
  FAILED: 'red.6',
  PROCESS: 'yellow.5',
  NEW: 'gray.5',
};
const KNOWN_ORDER = ['TRANSFER', 'IPG', 'EMONEY', 'SENT', 'PROCESS', 'NEW', 'FAILED'];

/** The groups of a report in a stable order: known groups first, then names alphabetically. */
function groupsOf(rows: ReportRow[]): string[] {
  const rank = (group: string) => {
    const index = KNOWN_ORDER.indexOf(group);
    return index === -1 ? KNOWN_ORDER.length : index;
  };
  return [...new Set(rows.map((r) => r.group))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
}

function colorOf(group: string, index: number): string {
  return GROUP_COLORS[group] ?? SERIES_COLORS[index % SERIES_COLORS.length];
}
const compact = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });

/** Labels of known groups (transaction types, callback statuses); agent and product names as they are. */
function useGroupLabel() {
  const { t, i18n } = useTranslation();
  return (group: string) =>
    i18n.exists(`reports.groups.${group}`) ? t(`reports.groups.${group}`) : group;
}

function usePeriod(): [string, (period: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const current = wibDate(serverNow()).slice(0, 7).replace('-', '');
  const asked = params.get('period') ?? '';
  const period = /^\d{6}$/.test(asked) && asked <= current ? asked : current;
  return [period, (next) => setParams({ period: next }, { replace: true }), current];
}

function PeriodPicker({
  period,
  current,
  onChange,
}: {
  period: string;
  current: string;
  onChange(period: string): void;
}) {
  const { t, i18n } = useTranslation();
  const year = Number(period.slice(0, 4));
  const currentYear = Number(current.slice(0, 4));
  const locale = i18n.language === 'en' ? 'en' : 'id';
  const months = Array.from({ length: 12 }, (_, index) => {
    const value = String(index + 1).padStart(2, '0');
    return {
      value,
      label: dayjs(`2000-${value}-01`).locale(locale).format('MMMM'),
      disabled: `${year}${value}` > current,
    };
  });
  const years = Array.from({ length: REPORT_YEARS_BACK + 1 }, (_, index) =>
    String(currentYear - index),
  );
  const pick = (nextYear: string, nextMonth: string) => {
    const next = `${nextYear}${nextMonth}`;
    onChange(next > current ? current : next);
  };
  return (
    <Group gap="sm" wrap="nowrap">
      <Select
        label={t('reports.month')}
        data={months}
        value={period.slice(4, 6)}
        onChange={(value) => value && pick(String(year), value)}
        allowDeselect={false}
        w={150}
        data-testid="report-month"
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('reports.year')}
        data={years}
        value={String(year)}
        onChange={(value) => value && pick(value, period.slice(4, 6))}
        allowDeselect={false}
        w={110}
        data-testid="report-year"
      />
    </Group>
  );
}

function ReportChart({
  report,
  rows,
  period,
}: {
  report: ReportDefinition;
  rows: ReportRow[];
  period: string;
}) {
  const { t } = useTranslation();
  const label = useGroupLabel();
  const groups = groupsOf(rows);
  const days = dayjs(`${period.slice(0, 4)}-${period.slice(4, 6)}-01`).daysInMonth();
  const data = Array.from({ length: days }, (_, index) => {
    const date = `${period.slice(0, 4)}-${period.slice(4, 6)}-${String(index + 1).padStart(2, '0')}`;
    const point: Record<string, number | string> = { day: String(index + 1) };
    groups.forEach((group, g) => {
      point[`g${g}`] = rows.find((r) => r.date === date && r.group === group)?.amount ?? 0;
    });
    return point;
  });
  const format = (value: number) =>
    report.unit === 'rupiah' ? formatRupiah(value) : formatIdNumber(value);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="report-chart">
      <Text fw={600} mb="md">
        {t('reports.chartTitle')}
      </Text>
      <StackedBarChart
        h={280}
        data={data}
        dataKey="day"
        maxBarWidth={22}
        valueFormatter={format}
        tickFormatter={(value: number) => compact.format(value)}
        axisWidth={56}
        series={groups.map((group, g) => ({
          name: `g${g}`,
          label: label(group),
          color: colorOf(group, g),
        }))}
      />
    </Paper>
  );
}

/**
 * The daily rows as a pivot: one line per day with data, one column per group, a total column and
 * a total line. Reports with a rupiah total beside a count show it under the count.
 */
function ReportTable({ report, rows }: { report: ReportDefinition; rows: ReportRow[] }) {
  const { t, i18n } = useTranslation();
  const label = useGroupLabel();
  const locale = i18n.language === 'en' ? 'en' : 'id';
  const groups = groupsOf(rows);
  const dates = [...new Set(rows.map((r) => r.date))].sort();
  const cell = (date: string | null, group: string | null) => {
    const matching = rows.filter(
      (r) => (date === null || r.date === date) && (group === null || r.group === group),
    );
    return {
      amount: matching.reduce((sum, r) => sum + r.amount, 0),
      full: matching.reduce((sum, r) => sum + (r.fullamount ?? 0), 0),
      empty: matching.length === 0,
    };
  };
  const show = (value: ReturnType<typeof cell>, strong = false) =>
    value.empty ? (
      <Text size="sm" c="dimmed">
        –
      </Text>
    ) : (
      <>
        <Text size="sm" fw={strong ? 700 : 500}>
          {report.unit === 'rupiah' ? formatRupiah(value.amount) : formatIdNumber(value.amount)}
        </Text>
        {report.hasFullAmount && (
          <Text size="xs" c="dimmed">
            {formatRupiah(value.full)}
          </Text>
        )}
      </>
    );
  const numeric = {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  } as const;
  return (
    <Paper withBorder radius="lg" p="md">
      <Text fw={600} mb="sm">
        {t('reports.tableTitle')}
      </Text>
      <ScrollArea type="auto">
        <Table
          striped
          highlightOnHover
          verticalSpacing={6}
          miw={220 + groups.length * 140}
          data-testid="report-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports.columns.date')}</Table.Th>
              {groups.map((group) => (
                <Table.Th key={group} style={numeric}>
                  {label(group)}
                </Table.Th>
              ))}
              <Table.Th style={numeric}>{t('reports.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dates.map((date) => (
              <Table.Tr key={date} data-testid="report-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {dayjs(date).locale(locale).format('ddd, D MMM YYYY')}
                </Table.Td>
                {groups.map((group) => (
                  <Table.Td key={group} style={numeric}>
                    {show(cell(date, group))}
                  </Table.Td>
                ))}
                <Table.Td style={numeric}>{show(cell(date, null), true)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t('reports.total')}</Table.Th>
              {groups.map((group) => (
                <Table.Th key={group} style={numeric}>
                  {show(cell(null, group), true)}
                </Table.Th>
              ))}
              <Table.Th style={numeric} data-testid="report-total">
                {show(cell(null, null), true)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
    </Paper>
  );
}

function SummaryStrip({ report, rows }: { report: ReportDefinition; rows: ReportRow[] }) {
  const { t } = useTranslation();
  const total = rows.reduce((sum, r) => sum + r.amount, 0);
  const fullTotal = rows.reduce((sum, r) => sum + (r.fullamount ?? 0), 0);
  const days = new Set(rows.map((r) => r.date)).size;
  const items = [
    {
      label: t(
        report.unit === 'rupiah'
          ? 'reports.summary.omzet'
          : report.key === 'daily_callback'
            ? 'reports.summary.callbacks'
            : 'reports.summary.count',
      ),
      value: report.unit === 'rupiah' ? formatRupiah(total) : formatIdNumber(total),
    },
    ...(report.hasFullAmount
      ? [{ label: t('reports.summary.fullamount'), value: formatRupiah(fullTotal) }]
      : []),
    { label: t('reports.summary.days'), value: String(days) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: items.length }} spacing="md" data-testid="report-summary">
      {items.map((item) => (
        <Paper key={item.label} withBorder radius="lg" p="md">
          <Text size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text fz={22} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function ReportBody({ report, type }: { report: ReportDefinition; type: string | undefined }) {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const navigate = useNavigate();
  const [period, setPeriod, current] = usePeriod();
  const [exporting, setExporting] = useState(false);
  const typed = report.key !== 'daily_callback';
  const validType =
    typed && type && (TRANSACTION_TYPES as readonly string[]).includes(type)
      ? (type as TransactionType)
      : undefined;
  const query = useQuery({
    queryKey: ['report', session.agent.id_agen, session.environment, report.key, period, validType],
    queryFn: async () => {
      const res = await client.call(
        reportCalls[report.key as ReportKey].rows,
        { period, type: validType },
        { silent: true },
      );
      if (res.rc !== RC.OK) throw new ApiFailure(res.rc, res.rd);
      return res.data;
    },
    retry: false,
  });
  const onExport = async () => {
    setExporting(true);
    const result = await downloadReport(report.key as ReportKey, { period, type: validType });
    setExporting(false);
    if (!result.ok) showErrorDialog(result.rd ?? t('reports.exportFailed'));
  };
  const rows = query.data ?? [];
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <Group align="flex-end" gap="md">
            <PeriodPicker period={period} current={current} onChange={setPeriod} />
            {typed && (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('reports.type')}
                </Text>
                <SegmentedControl
                  data-testid="report-type"
                  value={validType ?? 'ALL'}
                  onChange={(value) =>
                    navigate(
                      `/report/${report.key}${value === 'ALL' ? '' : `/${value}`}?period=${period}`,
                    )
                  }
                  data={[
                    { value: 'ALL', label: t('reports.allTypes') },
                    ...TRANSACTION_TYPES.map((value) => ({
                      value,
                      label: t(`reports.groups.${value}`),
                    })),
                  ]}
                />
              </Stack>
            )}
          </Group>
          <Button
            leftSection={<IconFileSpreadsheet size={18} />}
            variant="light"
            color="green"
            onClick={() => void onExport()}
            loading={exporting}
            data-testid="report-export"
          >
            {t('reports.exportExcel')}
          </Button>
        </Group>
      </Paper>
      {query.isPending ? (
        <Stack gap="md">
          <Skeleton h={80} radius="lg" />
          <Skeleton h={300} radius="lg" />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" radius="md" icon={<IconAlertTriangle />} data-testid="report-error">
          {query.error.message || t('common.errors.loadFailed')}
        </Alert>
      ) : rows.length === 0 ? (
        <Alert color="yellow" radius="md" icon={<IconAlertTriangle />} data-testid="report-empty">
          {t('reports.notAvailable')}
        </Alert>
      ) : (
        <>
          <SummaryStrip report={report} rows={rows} />
          <ReportChart report={report} rows={rows} period={period} />
          <ReportTable report={report} rows={rows} />
        </>
      )}
    </Stack>
  );
}

/**
 * Monthly reports (spec 01 §2): tabs per group (normal groups, group 11), month and year picker
 * (this year and the 5 before), chart and table of the daily rows, Excel export, and the
 * "data not available" warning. Each report mirrors the server's rule (daily_callback: API flag).
 */
export default function ReportPage() {
  const { t } = useTranslation();
  const { path = '', type } = useParams();
  const session = useLoggedIn();
  const { verdict } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const report = findReport(path);
  if (!report) return <Navigate to="/not-found" replace />;
  const groupTabs =
    session.agent.id_grup === AGENT_GROUP.AGGREGATOR ? AGGREGATOR_REPORT_TABS : NORMAL_REPORT_TABS;
  const tabs = groupTabs.filter((key) => {
    const def = findReport(key);
    return def && verdict(def.rule) !== 'denied';
  });
  const period = params.get('period');
  return (
    <Stack gap="md" data-testid="report-page">
      <Stack gap={2}>
        <Title order={2}>{t('reports.title')}</Title>
        <Text c="dimmed" size="sm">
          {t(`reports.titles.${report.key}`)}
        </Text>
      </Stack>
      {tabs.length > 0 && (
        <ScrollArea type="never">
          <Tabs
            value={report.key}
            onChange={(value) =>
              value && navigate(`/report/${value}${period ? `?period=${period}` : ''}`)
            }
          >
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {tabs.map((key) => (
                <Tabs.Tab
                  key={key}
                  value={key}
                  data-testid={`report-tab-${key}`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {t(`reports.tabs.${key}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        </ScrollArea>
      )}
      <PageGuard rule={report.rule}>
        <ReportBody key={report.key} report={report} type={type} />
      </PageGuard>
    </Stack>
  );
}
