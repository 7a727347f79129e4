import { formatRupiah } from '@gerbang/shared';
import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18next } from '../../lib/i18n';
import type { MoneyTotals } from './money-totals';

const t = (key: string, options?: Record<string, unknown>) =>
  i18next.t(`common.moneyConfirm.${key}`, options);

function Line({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/** The totals of the action: count, amount, fees and the total, with the action's own lines. */
export function MoneyTotalsView({ totals }: { totals: MoneyTotals }) {
  return (
    <Stack gap="xs" data-testid="money-confirm">
      {totals.details?.map((d) => (
        <Line key={d.label} label={d.label} testId="money-confirm-detail">
          {d.value}
        </Line>
      ))}
      <Line label={t('count')} testId="money-confirm-count">
        {totals.count}
      </Line>
      <Line label={t('amount')} testId="money-confirm-amount">
        {formatRupiah(totals.amount)}
      </Line>
      <Line label={t('fees')} testId="money-confirm-fees">
        {formatRupiah(totals.fees)}
      </Line>
      <Divider />
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text fw={700}>{t('total')}</Text>
        <Text fw={700} data-testid="money-confirm-total">
          {formatRupiah(totals.total)}
        </Text>
      </Group>
      <Alert color="yellow" p="xs">
        {t(totals.source === 'payment' ? 'notePayment' : 'note', {
          total: formatRupiah(totals.total),
        })}
      </Alert>
    </Stack>
  );
}

/** Opens the confirmation; call through `confirmMoneyMovement`. */
export function openMoneyConfirmation(totals: MoneyTotals): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (yes: boolean) => {
      if (answered) return;
      answered = true;
      modals.close(id);
      resolve(yes);
    };
    const id = modals.open({
      title: t('title'),
      centered: true,
      // Above the dialog it is opened from (a bulk group's detail, say).
      zIndex: 400,
      onClose: () => answer(false),
      children: (
        <>
          <MoneyTotalsView totals={totals} />
          <Group justify="flex-end" mt="md">
            <Button
              variant="default"
              onClick={() => answer(false)}
              data-testid="money-confirm-cancel"
            >
              {t('cancel')}
            </Button>
            <Button onClick={() => answer(true)} data-testid="money-confirm-ok">
              {t('confirm')}
            </Button>
          </Group>
        </>
      ),
    });
  });
}
