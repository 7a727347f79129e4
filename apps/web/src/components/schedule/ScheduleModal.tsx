import {
  SCHEDULE_FREQUENCIES,
  type ScheduleFrequency,
  type ScheduleRule,
  wibDate,
} from '@gerbang/shared';
import {
  Button,
  Chip,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerNow } from '../../lib/server-clock';

export interface ScheduleDraft {
  rule: ScheduleRule;
  pin: string;
  amount: number;
  note: string;
}

interface Props {
  title?: string;
  /** An existing schedule's values (edit); a new one starts tomorrow at 09:00 WIB. */
  initial?: { rule: ScheduleRule; amount: number; note: string };
  /** Edit shows amount and note; a new schedule takes them from the checked inquiry. */
  editsAmount: boolean;
  /** What a run of this kind does (the withdrawal's words when absent). */
  hint?: string;
  /**
   * Keys of the title and hint, translated here: a caller outside the schedules catalog part (it
   * loads with this form) cannot translate them itself.
   */
  titleKey?: string;
  hintKey?: string;
  /** What confirms it: the transaction PIN, or a remittance inquiry's mailed code. */
  secret?: 'pin' | 'otp';
  onSubmit(draft: ScheduleDraft): Promise<boolean>;
  onClose(): void;
}

/**
 * The schedule form: when (WIB), how often, until when, and the transaction PIN
 * that authorises the payouts. The server checks every field again and computes the run times.
 */
export default function ScheduleModal({
  title,
  initial,
  editsAmount,
  hint,
  titleKey,
  hintKey,
  secret = 'pin',
  onSubmit,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const now = useServerNow();
  const tomorrow = wibDate(new Date(now.getTime() + 86_400_000));
  const [rule, setRule] = useState<ScheduleRule>(
    initial?.rule ?? {
      frequency: 'monthly',
      start_date: tomorrow,
      time: '09:00',
      month_day: 1,
      count: 12,
    },
  );
  const [amount, setAmount] = useState<number>(initial?.amount ?? 0);
  const [note, setNote] = useState(initial?.note ?? '');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const patch = (next: Partial<ScheduleRule>) => setRule((r) => ({ ...r, ...next }));

  const submit = async () => {
    setBusy(true);
    const done = await onSubmit({ rule: cleaned(rule), pin, amount, note });
    setBusy(false);
    if (done) onClose();
  };

  return (
    <Modal opened onClose={onClose} title={titleKey ? t(titleKey) : title} centered size="lg">
      <Stack gap="sm" data-testid="schedule-form">
        <Text size="sm" c="dimmed">
          {hintKey ? t(hintKey) : (hint ?? t('schedules.scheduleHint'))}
        </Text>
        {editsAmount && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label={t('schedules.amountLabel')}
              value={amount}
              min={1}
              thousandSeparator="."
              decimalSeparator=","
              onChange={(v) => setAmount(Number(v) || 0)}
              data-testid="schedule-amount"
            />
            <TextInput
              label={t('schedules.noteLabel')}
              value={note}
              maxLength={100}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
          </SimpleGrid>
        )}
        <SegmentedControl
          fullWidth
          value={rule.frequency}
          onChange={(v) => patch({ frequency: v as ScheduleFrequency })}
          data={SCHEDULE_FREQUENCIES.map((f) => ({
            value: f,
            label: t(`schedules.frequency.${f}`),
          }))}
          data-testid="schedule-frequency"
        />
        <RuleFields rule={rule} patch={patch} />
        <PasswordInput
          label={t(secret === 'otp' ? 'schedules.otp' : 'schedules.pin')}
          value={pin}
          maxLength={6}
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => setPin(e.currentTarget.value)}
          data-testid="schedule-pin"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('schedules.close')}
          </Button>
          <Button onClick={submit} loading={busy} data-testid="schedule-save">
            {t('schedules.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Only the fields of the chosen frequency go to the server. */
function cleaned(rule: ScheduleRule): ScheduleRule {
  const base = { frequency: rule.frequency, start_date: rule.start_date, time: rule.time };
  if (rule.frequency === 'once') return base;
  const end = rule.until
    ? { until: rule.until, count: null }
    : { until: null, count: rule.count ?? null };
  if (rule.frequency === 'weekly') return { ...base, weekdays: rule.weekdays ?? [], ...end };
  if (rule.frequency === 'monthly') return { ...base, month_day: rule.month_day ?? 1, ...end };
  return { ...base, ...end };
}

function RuleFields({
  rule,
  patch,
}: {
  rule: ScheduleRule;
  patch: (next: Partial<ScheduleRule>) => void;
}) {
  const { t } = useTranslation();
  const endsBy = rule.until != null ? 'until' : 'count';
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={t('schedules.startDate')}
          value={rule.start_date}
          onChange={(e) => patch({ start_date: e.currentTarget.value })}
          data-testid="schedule-start"
        />
        <TextInput
          type="time"
          label={t('schedules.time')}
          value={rule.time}
          onChange={(e) => patch({ time: e.currentTarget.value })}
          data-testid="schedule-time"
        />
      </SimpleGrid>
      {rule.frequency === 'weekly' && (
        <Chip.Group
          multiple
          value={(rule.weekdays ?? []).map(String)}
          onChange={(days) => patch({ weekdays: days.map(Number).sort() })}
        >
          <Group gap={6}>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <Chip key={d} value={String(d)} size="sm">
                {t(`schedules.weekdays.${d}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {rule.frequency === 'monthly' && (
        <NumberInput
          label={t('schedules.monthDay')}
          description={t('schedules.monthDayHint')}
          value={rule.month_day ?? 1}
          min={1}
          max={31}
          onChange={(v) => patch({ month_day: Number(v) || 1 })}
          data-testid="schedule-month-day"
        />
      )}
      {rule.frequency !== 'once' && (
        <Stack gap={6}>
          <Radio.Group
            label={t('schedules.ends')}
            value={endsBy}
            onChange={(v) =>
              patch(
                v === 'until'
                  ? { until: rule.start_date, count: null }
                  : { until: null, count: 12 },
              )
            }
          >
            <Group gap="md" mt={4}>
              <Radio value="count" label={t('schedules.endsCount')} />
              <Radio value="until" label={t('schedules.endsUntil')} />
            </Group>
          </Radio.Group>
          {endsBy === 'until' ? (
            <TextInput
              type="date"
              label={t('schedules.until')}
              value={rule.until ?? ''}
              onChange={(e) => patch({ until: e.currentTarget.value })}
            />
          ) : (
            <NumberInput
              label={t('schedules.count')}
              value={rule.count ?? 1}
              min={1}
              max={366}
              onChange={(v) => patch({ count: Number(v) || 1 })}
              data-testid="schedule-count"
            />
          )}
        </Stack>
      )}
    </>
  );
}
