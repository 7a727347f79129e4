import { formatIdNumber, formatRupiah, type ResumeItem } from '@gerbang/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './cards.module.css';

/** A summary figure: a placeholder while loading, "n/a" when the call failed (spec 01 §8). */
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
  // The placeholder is as tall as the figure's line (font size × 1.25): nothing below it moves.
  if (query.isPending)
    return (
      <span
        className={`${classes.placeholder} ${classes.figurePlaceholder}`}
        data-testid={`${testId}-loading`}
      />
    );
  const value = query.isError || !query.data ? null : query.data.value;
  return (
    <p className={classes.figure} data-testid={testId}>
      {value === null
        ? t('common.notAvailable')
        : format === 'rupiah'
          ? formatRupiah(value)
          : formatIdNumber(value)}
    </p>
  );
}

/** A grey block standing in for content that is loading (Mantine's Skeleton look, no component). */
export function Placeholder({
  w,
  h,
  radius,
}: {
  w?: number | string;
  h?: number;
  radius?: number | string;
}) {
  const style = {
    '--ph-w': typeof w === 'number' ? `${w}px` : w,
    '--ph-h': h === undefined ? undefined : `${h}px`,
    '--ph-radius': typeof radius === 'number' ? `${radius}px` : radius,
  } as CSSProperties;
  return <span className={classes.placeholder} style={style} />;
}

/** Mantine's light ThemeIcon (radius md, 34 px) in a theme color. */
export function CardIcon({ color, children }: { color: string; children: ReactNode }) {
  const style = {
    '--icon-bg': `var(--mantine-color-${color}-light)`,
    '--icon-fg': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  return (
    <span className={classes.icon} style={style}>
      {children}
    </span>
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
    <div className={classes.card} data-testid={testId}>
      <div className={classes.head}>
        <p className={classes.label}>{label}</p>
        <CardIcon color={color}>{icon}</CardIcon>
      </div>
      {children}
      {footer === FOOTER_PENDING ? (
        // The footer's line is kept while loading: the cards below do not jump when it comes.
        <p className={classes.small} aria-hidden style={{ visibility: 'hidden' }}>
          {'\u00a0'}
        </p>
      ) : (
        footer && <p className={classes.small}>{footer}</p>
      )}
    </div>
  );
}
