import { BADGE_COLORS, type DataColumn, formatIdNumber, formatWibDateTime } from '@gerbang/shared';
import { Badge, Code, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';

/** A YYYY-MM-DD business date shown day-month-year (spec 03 §9). */
function showDate(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : text;
}

function showMonth(text: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(text);
  return match ? `${match[2]}-${match[1]}` : text;
}

/** The text of a value (popup copy, tooltips), in the same form the cell shows it. */
export function valueText(column: DataColumn, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '-';
  if (column.type === 'enum') {
    const known = column.enumValues?.find((v) => v.value === String(value));
    if (known) return t(known.labelKey);
    return column.enumOther ? t(column.enumOther.labelKey) : String(value);
  }
  switch (column.display) {
    case 'datetime': {
      const instant = new Date(String(value));
      return Number.isNaN(instant.getTime()) ? String(value) : formatWibDateTime(instant);
    }
    case 'date':
      return showDate(String(value));
    case 'month':
      return showMonth(String(value));
    case 'page':
      return t(`data.pages.${String(value)}`, { defaultValue: String(value) });
    default:
      return String(value);
  }
}

/** One cell: enum badges with the spec's colours, rupiah as "Rp. 1.500.000", WIB times. */
export function CellValue({
  column,
  value,
  t,
  full = false,
  cut = false,
}: {
  column: DataColumn;
  value: unknown;
  t: TFunction;
  /** In the popup: long text in full. */
  full?: boolean;
  /** In a table cell or card: one line, cut with an ellipsis (the cell's title holds the rest). */
  cut?: boolean;
}) {
  if (column.display === 'money' && value !== null && value !== undefined) {
    return <Money value={Number(value)} />;
  }
  if (column.type === 'enum' && value !== null && value !== undefined) {
    const known = column.enumValues?.find((v) => v.value === String(value));
    const tone = known?.tone ?? column.enumOther?.tone ?? 'secondary';
    return (
      <Badge color={BADGE_COLORS[tone]} variant="light" radius="sm" data-value={String(value)}>
        {valueText(column, value, t)}
      </Badge>
    );
  }
  const text = valueText(column, value, t);
  if (column.display === 'long' && full && text !== '-') {
    return (
      <Code
        block
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 240, overflow: 'auto' }}
      >
        {text}
      </Code>
    );
  }
  const shown = column.display === 'number' && text !== '-' ? formatIdNumber(Number(value)) : text;
  return (
    <Text
      span={!cut}
      size="sm"
      truncate={cut ? 'end' : undefined}
      lineClamp={full || cut ? undefined : 2}
      maw={cut ? 'var(--cell-max, 220px)' : undefined}
      style={full ? { wordBreak: 'break-word' } : undefined}
    >
      {shown}
    </Text>
  );
}

/** What an empty table or list shows: an icon and words, not a blank box. */
export function EmptyState({ hint = true }: { hint?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap={6} py="xl" data-testid="empty-state">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <IconDatabaseOff size={26} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600} c="dimmed" data-testid="no-data">
        {t('data.ui.noData')}
      </Text>
      {hint && (
        <Text size="sm" c="dimmed" ta="center" maw={360}>
          {t('ui.empty.tableHint')}
        </Text>
      )}
    </Stack>
  );
}
