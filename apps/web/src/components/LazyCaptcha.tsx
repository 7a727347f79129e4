import { Input, Skeleton } from '@mantine/core';
import { type ComponentPropsWithoutRef, forwardRef, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaHandle, Captcha as CaptchaWidget } from './Captcha';

export type { CaptchaHandle };

type CaptchaProps = ComponentPropsWithoutRef<typeof CaptchaWidget>;

const Widget = lazy(() => import('./Captcha').then((module) => ({ default: module.Captcha })));

/**
 * The captcha, loaded only where one is shown: the widget is its own small
 * chunk, fetched when this renders; until then a placeholder of its size holds the place.
 */
export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function LazyCaptcha(props, ref) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={t('auth.captcha')} data-testid="captcha-loading">
          <Skeleton h={58} radius="sm" />
        </Input.Wrapper>
      }
    >
      <Widget ref={ref} {...props} />
    </Suspense>
  );
});
