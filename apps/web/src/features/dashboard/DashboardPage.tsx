import { type AccessRequirement, AGENT_GROUP, isInCutOff, wibDate } from '@gerbang/shared';
import { Alert, Button, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertTriangle, IconCalendar, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ActivationNotice } from '../../components/ActivationNotice';
import { LocalizedDates } from '../../components/LocalizedDates';
import { seesBalances } from '../../lib/balance-view';
import { useServerNow } from '../../lib/server-clock';
import { useLoggedIn, useSession } from '../../lib/session';
import { AggregatorCards } from './AggregatorCards';
import { AppBanner } from './AppBanner';
import { NewsList } from './NewsList';
import { SignupLanding } from './SignupLanding';
import { BalanceCards, DaySummaryCards, MonthToDateCards } from './SummaryCards';
import { CashFlowDonuts, SuccessBarChart } from './TransactionCharts';

/** The summaries need READ on home, as the server's `resume/*` routes do. */
const HOME_RULE: AccessRequirement = { permission: { module: 'home', action: 'READ' } };

/** `?date=` when it is a valid day not after today (WIB), otherwise today. */
function useDashboardDate(today: string): [string, (date: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked <= today ? asked : today;
  const setDate = (next: string) =>
    setParams(next === today ? {} : { date: next }, { replace: true });
  return [date, setDate];
}

/** An unactivated business: its activation banner carries the group-3 prompt (one banner, not two). */
function showsActivationNotice(session: ReturnType<typeof useLoggedIn>): boolean {
  return !session.agent.enable_api && session.business_status === 1;
}

function Notices() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const now = useServerNow();
  return (
    <>
      {session.features.cut_off && isInCutOff(now) && (
        <Alert color="orange" radius="md" icon={<IconAlertTriangle />} data-testid="cutoff-notice">
          {t('common.cutOffNotice')}
        </Alert>
      )}
      {session.agent.id_grup === AGENT_GROUP.INACTIVE_BUSINESS &&
        !showsActivationNotice(session) && (
          <Alert color="blue" radius="md" icon={<IconRocket />} data-testid="activate-business">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('common.activateBusinessPrompt')}</Text>
              <Button component={Link} to="/account" size="xs" variant="white">
                {t('dashboard.activateBusiness')}
              </Button>
            </Group>
          </Alert>
        )}
    </>
  );
}

function FullDashboard() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const { verdict } = useSession();
  const today = wibDate(useServerNow(60_000));
  const [date, setDate] = useDashboardDate(today);
  const canReadSummaries = verdict(HOME_RULE) === 'allowed';
  // A user flagged "no balance" sees the transaction summaries only.
  const showBalances =
    session.rule_show_balance === 2 && session.agent.enable_api && seesBalances(session);
  const isAggregator = session.agent.id_grup === AGENT_GROUP.AGGREGATOR;

  return (
    <LocalizedDates>
      <Stack gap="lg" data-testid="dashboard">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={2}>
            <Title order={2}>{t('dashboard.title')}</Title>
            <Text c="dimmed" size="sm">
              {t('dashboard.subtitle', { name: session.agent.nama_agen || session.user.nama })}
            </Text>
          </Stack>
          {canReadSummaries && (
            <DatePickerInput
              value={date}
              onChange={(value) => value && setDate(value)}
              maxDate={today}
              valueFormat="D MMMM YYYY"
              label={t('dashboard.date')}
              leftSection={<IconCalendar size={18} />}
              w={{ base: '100%', xs: 230 }}
              radius="md"
              data-testid="dashboard-date"
              popoverProps={{ position: 'bottom-end' }}
            />
          )}
        </Group>
        <Notices />
        {canReadSummaries && (
          <>
            <DaySummaryCards date={date} />
            <SimpleGrid cols={{ base: 1, xs: 2, lg: showBalances ? 4 : 2 }} spacing="md">
              <MonthToDateCards date={date} />
              {showBalances && <BalanceCards date={date} />}
            </SimpleGrid>
            {isAggregator && <AggregatorCards date={date} />}
          </>
        )}
        <Grid gap="md">
          {canReadSummaries && (
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  <CashFlowDonuts date={date} />
                </SimpleGrid>
                <SuccessBarChart date={date} />
              </Stack>
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, lg: canReadSummaries ? 4 : 12 }}>
            <NewsList />
          </Grid.Col>
        </Grid>
      </Stack>
    </LocalizedDates>
  );
}

/**
 * Dashboard (spec 01 §2): a group-6 user with incomplete registration chooses a signup type; a
 * personal end user in group 6 gets the app banner; everyone else the summaries, charts and news.
 */
export default function DashboardPage() {
  const session = useLoggedIn();
  if (session.agent.id_grup === AGENT_GROUP.PARTNER && !session.status_reg.status)
    return <SignupLanding />;
  if (session.agent.id_grup === AGENT_GROUP.PARTNER && session.user_type === 'Personal END USER')
    return <AppBanner />;
  // An unactivated business sees its activation prompt and state above the overview.
  if (showsActivationNotice(session))
    return (
      <Stack>
        <ActivationNotice />
        <FullDashboard />
      </Stack>
    );
  return <FullDashboard />;
}
