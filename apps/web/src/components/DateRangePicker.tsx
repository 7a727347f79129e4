import { wibDate } from '@gerbang/shared';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerNow } from '../lib/server-clock';
import { rangePresets } from './dateRanges';
import { LocalizedDates } from './LocalizedDates';

type Draft = [string | null, string | null];

/** The earliest day the API takes (the shared date bounds). */
export const RANGE_MIN_DATE = '2000-01-01';

/**
 * The one date-range picker of the app: the first click starts the range, the second
 * ends it (a range of any length; the same day twice is one day); presets for today, yesterday,
 * 7 and 30 days, this and last month; no day after today, today being the server's WIB date.
 * Only a finished range reaches `onChange`; closing after one click takes that one day.
 */
export function DateRangePicker({
  from,
  to,
  onChange,
  label,
  testId = 'date-range',
  maxDate,
  minDate = RANGE_MIN_DATE,
}: {
  from: string;
  to: string;
  onChange(from: string, to: string): void;
  label?: string;
  testId?: string;
  /** The last day allowed; the server's today by default. */
  maxDate?: string;
  minDate?: string;
}) {
  const { t } = useTranslation();
  const today = wibDate(useServerNow(60_000));
  const last = maxDate && maxDate < today ? maxDate : today;
  const [draft, setDraft] = useState<Draft>([from || null, to || null]);
  // A new value from outside (the URL, a preset) replaces the draft.
  useEffect(() => setDraft([from || null, to || null]), [from, to]);

  const commit = (start: string, end: string) => {
    const [a, b] = start <= end ? [start, end] : [end, start];
    setDraft([a, b]);
    if (a !== from || b !== to) onChange(a, b);
  };

  return (
    <LocalizedDates>
      <DatePickerInput
        type="range"
        label={label}
        valueFormat="DD-MM-YYYY"
        minDate={minDate}
        maxDate={last}
        allowSingleDateInRange
        value={draft}
        onChange={([start, end]) => {
          if (start && end) commit(start, end);
          else setDraft([start, end]);
        }}
        onDropdownClose={() => {
          const [start, end] = draft;
          if (start && !end) commit(start, start);
        }}
        presets={rangePresets(last).map((preset) => ({
          value: preset.value,
          label: t(`statement.range.${preset.key}`),
        }))}
        leftSection={<IconCalendar size={16} />}
        placeholder={draft[0] && !draft[1] ? t('statement.range.pickEnd') : undefined}
        popoverProps={{ position: 'bottom-start', shadow: 'md' }}
        data-testid={testId}
        data-from={from}
        data-to={to}
      />
    </LocalizedDates>
  );
}
