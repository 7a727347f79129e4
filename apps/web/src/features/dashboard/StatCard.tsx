import { formatIdNumber, formatRupiah, type ResumeItem } from '@gerbang/shared';
import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A summary figure: a skeleton while loading, "n/a" when the call failed (spec 01 §8). */
export function SummaryFigure({
  query,
  format = 'rupiah',
  testId,
}: {
  query: Pick<UseQueryResult<ResumeItem>, 'isPending' | 'isError' | 'data'>;
  format?: 'rupiah' | 'count';
  testId: string;
}) {
  const { t } = useTranslation();
  // The skeleton is as tall as the figure's line (font size × 1.25): nothing below it moves.
  if (query.isPending)
    return <Skeleton h={{ base: 27.5, sm: 30 }} w="70%" data-testid={`${testId}-loading`} />;
  const value = query.isError || !query.data ? null : query.data.value;
  return (
    <Text
      fz={{ base: 22, sm: 24 }}
      fw={700}
      lh={1.25}
      style={{ fontVariantNumeric: 'tabular-nums', wordBreak: 'break-word' }}
      data-testid={testId}
    >
      {value === null
        ? t('common.notAvailable')
        : format === 'rupiah'
          ? formatRupiah(value)
          : formatIdNumber(value)}
    </Text>
  );
}

/** A footer that is still loading: its line keeps its place. */
export const FOOTER_PENDING = Symbol('footer pending');

export function StatCard({
  label,
  icon,
  color,
  children,
  footer,
  testId,
}: {
  label: string;
  icon: ReactNode;
  color: string;
  children: ReactNode;
  /** The line under the figure; `FOOTER_PENDING` keeps its height while the figure loads. */
  footer?: ReactNode | typeof FOOTER_PENDING;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" h="100%" data-testid={testId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <ThemeIcon variant="light" color={color} radius="md" size={34}>
            {icon}
          </ThemeIcon>
        </Group>
        {children}
        {footer === FOOTER_PENDING ? (
          // The footer's line is kept while loading: the cards below do not jump when it comes.
          <Text size="xs" aria-hidden style={{ visibility: 'hidden' }}>
            {'\u00a0'}
          </Text>
        ) : (
          footer && (
            <Text size="xs" c="dimmed">
              {footer}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}
