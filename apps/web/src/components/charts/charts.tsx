import { formatIdNumber } from '@gerbang/shared';
import type { ReactNode } from 'react';
import classes from './charts.module.css';

/**
 * Small hand-written charts: a stacked bar chart and a donut, drawn with plain
 * SVG and HTML instead of a chart library (recharts weighed ~96 KiB compressed on the dashboard).
 * Tooltips are the native `title` of each bar and segment; values are text in the legend.
 * The drawing area carries the class `chart-surface`.
 */

/** A Mantine colour as `teal.6` (or any CSS colour) → a CSS colour. */
export function cssColor(color: string): string {
  const match = /^([a-z]+)\.(\d)$/.exec(color);
  return match ? `var(--mantine-color-${match[1]}-${match[2]})` : color;
}

/** A round upper bound for the y axis and its tick step. */
function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (max <= 0) return { top: ticks, step: 1 };
  const raw = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const rounded = Math.max(1, Math.round(step));
  return { top: rounded * ticks, step: rounded };
}

export interface BarSeries {
  name: string;
  label: string;
  color: string;
}

function Legend({ series }: { series: Array<{ key: string; label: string; color: string }> }) {
  return (
    <div className={classes.legend}>
      {series.map((s) => (
        <div key={s.key} className={classes.legendItem}>
          <span className={classes.swatch} style={{ background: cssColor(s.color) }} />
          <p className={classes.xs}>{s.label}</p>
        </div>
      ))}
    </div>
  );
}

/** Stacked bars, one per row of `data`, `series` stacked bottom to top. */
export function StackedBarChart({
  data,
  dataKey,
  series,
  h,
  maxBarWidth = 36,
  valueFormatter = formatIdNumber,
  tickFormatter = valueFormatter,
  axisWidth = 48,
}: {
  data: Array<Record<string, number | string>>;
  dataKey: string;
  series: BarSeries[];
  h: number;
  maxBarWidth?: number;
  valueFormatter?: (value: number) => string;
  tickFormatter?: (value: number) => string;
  axisWidth?: number;
}) {
  const totals = data.map((row) => series.reduce((sum, s) => sum + Number(row[s.name] ?? 0), 0));
  const { top, step } = niceScale(Math.max(0, ...totals));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const plotH = h - 24;
  return (
    <div>
      <div className="chart-surface" role="img" style={{ display: 'flex', height: h }}>
        <div
          style={{ position: 'relative', width: axisWidth, height: plotH, flexShrink: 0 }}
          aria-hidden
        >
          {ticks.map((tick) => (
            <p
              key={tick}
              className={`${classes.xs} ${classes.dimmed} ${classes.tick}`}
              style={{ bottom: `${(tick / top) * 100}%` }}
            >
              {tickFormatter(tick)}
            </p>
          ))}
        </div>
        <div style={{ flex: 1, minWidth: 0, position: 'relative' }}>
          <div style={{ position: 'relative', height: plotH }}>
            {ticks.map((tick) => (
              <div
                key={tick}
                style={{
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  bottom: `${(tick / top) * 100}%`,
                  borderTop: `1px ${tick === 0 ? 'solid' : 'dashed'} var(--mantine-color-gray-3)`,
                }}
              />
            ))}
            <div style={{ position: 'absolute', inset: 0, display: 'flex' }}>
              {data.map((row, i) => {
                const title = [
                  String(row[dataKey]),
                  ...series.map((s) => `${s.label}: ${valueFormatter(Number(row[s.name] ?? 0))}`),
                ].join('\n');
                return (
                  <div
                    key={String(row[dataKey])}
                    title={title}
                    data-chart-bar={String(row[dataKey])}
                    style={{
                      flex: 1,
                      minWidth: 0,
                      display: 'flex',
                      justifyContent: 'center',
                      alignItems: 'flex-end',
                      height: '100%',
                    }}
                  >
                    <div
                      style={{
                        width: '62%',
                        maxWidth: maxBarWidth,
                        height: `${(totals[i] / top) * 100}%`,
                        display: 'flex',
                        flexDirection: 'column-reverse',
                        borderRadius: '3px 3px 0 0',
                        overflow: 'hidden',
                      }}
                    >
                      {series.map((s) => {
                        const value = Number(row[s.name] ?? 0);
                        return value > 0 ? (
                          <div
                            key={s.name}
                            style={{
                              flex: `${value} 0 0`,
                              background: cssColor(s.color),
                            }}
                          />
                        ) : null;
                      })}
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
          <div style={{ display: 'flex', height: 24, alignItems: 'flex-end' }} aria-hidden>
            {data.map((row) => (
              <p
                key={String(row[dataKey])}
                className={`${classes.xs} ${classes.dimmed} ${classes.day}`}
              >
                {String(row[dataKey])}
              </p>
            ))}
          </div>
        </div>
      </div>
      <Legend series={series.map((s) => ({ key: s.name, label: s.label, color: s.color }))} />
    </div>
  );
}

/**
 * A donut of `data`; only segments with a value are drawn, and a single segment is a full ring
 * (no gap, no notch). `chartLabel` is written in the middle.
 */
export function DonutChart({
  data,
  size,
  thickness,
  chartLabel,
  withTooltip = true,
}: {
  data: Array<{ name: string; value: number; color: string }>;
  size: number;
  thickness: number;
  chartLabel?: ReactNode;
  withTooltip?: boolean;
}) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const drawn = data.filter((d) => d.value > 0);
  const total = drawn.reduce((sum, d) => sum + d.value, 0);
  let offset = 0;
  return (
    <div style={{ position: 'relative', width: size, height: size, flexShrink: 0 }}>
      <svg
        className="chart-surface"
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        style={{ display: 'block', transform: 'rotate(-90deg)' }}
      >
        {drawn.map((d) => {
          const length = (d.value / total) * circumference;
          const dash = drawn.length === 1 ? `${circumference} 0` : `${length} ${circumference}`;
          const circle = (
            <circle
              key={d.name}
              cx={size / 2}
              cy={size / 2}
              r={radius}
              fill="none"
              stroke={cssColor(d.color)}
              strokeWidth={thickness}
              strokeDasharray={dash}
              strokeDashoffset={-offset}
            >
              {withTooltip && <title>{`${d.name}: ${formatIdNumber(d.value)}`}</title>}
            </circle>
          );
          offset += length;
          return circle;
        })}
      </svg>
      {chartLabel !== undefined && <p className={classes.centerLabel}>{chartLabel}</p>}
    </div>
  );
}
