import { formatRupiah, OMZET_GROUP, type ResumeItem } from '@gerbang/shared';
import { ActionIcon, Tooltip } from '@mantine/core';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconCalendarStats,
  IconClockHour4,
  IconHandClick,
  IconLock,
  IconRefresh,
  IconReportMoney,
  IconWallet,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './cards.module.css';
import layout from './dashboardLayout.module.css';
import { formatDisplayDate } from './dates';
import { CardIcon, FOOTER_PENDING, StatCard, SummaryFigure } from './StatCard';
import { useResume } from './useResume';

const countOf = (item: ResumeItem | undefined) => Number(item?.data.count ?? 0);

/** The day's omzet cards (groups 4, 1, 2) and the pending transactions of the day. */
export function DaySummaryCards({ date }: { date: string }) {
  const { t } = useTranslation();
  const total = useResume('omzet_date', { date, group: OMZET_GROUP.TOTAL_DAY });
  const va = useResume('omzet_date', { date, group: OMZET_GROUP.VA_DAY });
  const transfer = useResume('omzet_date', { date, group: OMZET_GROUP.TRANSFER_DAY });
  const pending = useResume('trx_pending_date', { date });
  /** A card's footer: its line kept while loading, none when the call failed. */
  const footerOf = (q: typeof total, text: (item: ResumeItem) => string) =>
    q.isPending ? FOOTER_PENDING : q.data ? text(q.data) : undefined;
  const trxFooter = (q: typeof total) =>
    footerOf(q, (item) => t('dashboard.cards.transactions', { count: countOf(item) }));
  return (
    <div className={layout.cardsOfFour}>
      <StatCard
        label={t('dashboard.cards.omzetTotal')}
        icon={<IconReportMoney size={20} />}
        color="blue"
        footer={trxFooter(total)}
        testId="card-omzet-total"
      >
        <SummaryFigure query={total} testId="summary-omzet-total" />
      </StatCard>
      <StatCard
        label={t('dashboard.cards.omzetVa')}
        icon={<IconArrowDownLeft size={20} />}
        color="teal"
        footer={trxFooter(va)}
        testId="card-omzet-va"
      >
        <SummaryFigure query={va} testId="summary-omzet-va" />
      </StatCard>
      <StatCard
        label={t('dashboard.cards.omzetTransfer')}
        icon={<IconArrowUpRight size={20} />}
        color="indigo"
        footer={trxFooter(transfer)}
        testId="card-omzet-transfer"
      >
        <SummaryFigure query={transfer} testId="summary-omzet-transfer" />
      </StatCard>
      <StatCard
        label={t('dashboard.cards.pending')}
        icon={<IconClockHour4 size={20} />}
        color="yellow"
        footer={footerOf(pending, (item) =>
          t('dashboard.cards.pendingAmount', {
            amount: formatRupiah(Number(item.data.amount ?? 0)),
          }),
        )}
        testId="card-pending"
      >
        <SummaryFigure query={pending} format="count" testId="summary-pending" />
      </StatCard>
    </div>
  );
}

/** A month-to-date omzet card: its value loads only when clicked (spec 01 §2, §7 groups 7 and 6). */
function MonthToDateCard({
  date,
  group,
  label,
  testId,
}: {
  date: string;
  group: number;
  label: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const [requested, setRequested] = useState(false);
  const query = useResume('omzet_date', { date, group }, { enabled: requested });
  const loaded = requested && !query.isPending;
  return (
    <div className={classes.card} data-testid={testId}>
      <div className={classes.head}>
        <div>
          <p className={classes.label}>{label}</p>
          <p className={classes.small}>
            {t('dashboard.cards.monthToDate', { date: formatDisplayDate(date, i18n.language) })}
          </p>
        </div>
        {loaded ? (
          <Tooltip label={t('dashboard.cards.refresh')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => void query.refetch()}
              aria-label={t('dashboard.cards.refresh')}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <CardIcon color="grape">
            <IconCalendarStats size={20} />
          </CardIcon>
        )}
      </div>
      {requested ? (
        <SummaryFigure query={query} testId={`${testId}-value`} />
      ) : (
        <button
          type="button"
          className={classes.reveal}
          onClick={() => setRequested(true)}
          data-testid={`${testId}-show`}
        >
          <IconHandClick size={18} />
          {t('dashboard.cards.clickToShow')}
        </button>
      )}
    </div>
  );
}

export function MonthToDateCards({ date }: { date: string }) {
  const { t } = useTranslation();
  return (
    <>
      <MonthToDateCard
        key={`va-${date}`}
        date={date}
        group={OMZET_GROUP.VA_MONTH}
        label={t('dashboard.cards.omzetVaMonth')}
        testId="mtd-va"
      />
      <MonthToDateCard
        key={`trf-${date}`}
        date={date}
        group={OMZET_GROUP.TRANSFER_MONTH}
        label={t('dashboard.cards.omzetTransferMonth')}
        testId="mtd-transfer"
      />
    </>
  );
}

/** Balance and hold balance: only under show-balance rule 2 with API enabled (the caller checks). */
export function BalanceCards({ date }: { date: string }) {
  const { t } = useTranslation();
  const balance = useResume('balance', { date });
  const hold = useResume('hold_balance', { date });
  return (
    <>
      <StatCard
        label={t('dashboard.cards.balance')}
        icon={<IconWallet size={20} />}
        color="green"
        footer={t('dashboard.cards.balanceHint')}
        testId="card-balance"
      >
        <SummaryFigure query={balance} testId="summary-balance" />
      </StatCard>
      <StatCard
        label={t('dashboard.cards.holdBalance')}
        icon={<IconLock size={20} />}
        color="orange"
        footer={t('dashboard.cards.holdBalanceHint')}
        testId="card-hold-balance"
      >
        <SummaryFigure query={hold} testId="summary-hold-balance" />
      </StatCard>
    </>
  );
}
