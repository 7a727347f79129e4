import type { Environment } from '@gerbang/shared';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './environmentSwitch.module.css';

const ENVIRONMENTS: Environment[] = ['production', 'sandbox'];

/**
 * Production / sandbox, as two radio buttons drawn like Mantine's SegmentedControl (size xs).
 * SegmentedControl measures its labels after every layout change to move its sliding indicator
 * (forced layouts of ~30 ms on each page load of a phone); this one is styled by CSS alone.
 * Choosing the other environment calls `onChange`; the checked one stays the session's until the
 * switch is confirmed.
 */
export function EnvironmentSwitch({
  value,
  onChange,
}: {
  value: Environment;
  onChange(target: Environment): void;
}) {
  const { t } = useTranslation();
  const style = {
    '--env-color': `var(--mantine-color-${value === 'sandbox' ? 'orange' : 'blue'}-filled)`,
  } as CSSProperties;
  return (
    <div
      role="radiogroup"
      aria-label={t('common.environment.label')}
      className={classes.root}
      style={style}
      data-testid="environment-switch"
    >
      {ENVIRONMENTS.map((environment) => (
        <label
          key={environment}
          className={classes.option}
          data-active={environment === value || undefined}
        >
          <input
            type="radio"
            name="environment"
            className={classes.input}
            value={environment}
            checked={environment === value}
            onChange={() => onChange(environment)}
          />
          {t(`common.environment.${environment}`)}
        </label>
      ))}
    </div>
  );
}
