import { type AccessRequirement, AGENT_GROUP, isInCutOff, wibDate } from '@gerbang/shared';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
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
import layout from './dashboardLayout.module.css';
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
      <div className={layout.page} data-testid="dashboard">
        <div className={layout.heading}>
          <div>
            <Title order={2}>{t('dashboard.title')}</Title>
            <p className={layout.subtitle}>
              {t('dashboard.subtitle', { name: session.agent.nama_agen || session.user.nama })}
            </p>
          </div>
          {canReadSummaries && (
            <DatePickerInput
              value={date}
              onChange={(value) => value && setDate(value)}
              maxDate={today}
              valueFormat="D MMMM YYYY"
              label={t('dashboard.date')}
              leftSection={<IconCalendar size={18} />}
              className={layout.datePicker}
              radius="md"
              data-testid="dashboard-date"
              popoverProps={{ position: 'bottom-end' }}
            />
          )}
        </div>
        <Notices />
        {canReadSummaries && (
          <>
            <DaySummaryCards date={date} />
            <div className={showBalances ? layout.cardsOfFour : layout.cardsOfTwo}>
              <MonthToDateCards date={date} />
              {showBalances && <BalanceCards date={date} />}
            </div>
            {isAggregator && <AggregatorCards date={date} />}
          </>
        )}
        <div className={canReadSummaries ? layout.chartsAndNews : layout.newsOnly}>
          {canReadSummaries && (
            <div className={layout.charts}>
              <div className={layout.donuts}>
                <CashFlowDonuts date={date} />
              </div>
              <SuccessBarChart date={date} />
            </div>
          )}
          <NewsList />
        </div>
      </div>
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
