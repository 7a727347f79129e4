import 'altcha';
import { Input } from '@mantine/core';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface CaptchaHandle {
  reset(): void;
}

interface CaptchaProps {
  /** Called with the solved payload, or '' when the widget resets or expires. */
  onChange(payload: string): void;
  error?: string | null;
}

/**
 * The altcha proof-of-work captcha (self-hosted): the widget fetches a signed challenge from the
 * server, solves it in the browser, and hands us the payload the server verifies once.
 */
export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha(
  { onChange, error },
  ref,
) {
  const { t, i18n } = useTranslation();
  const widget = useRef<HTMLElement & { reset?: () => void }>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useImperativeHandle(ref, () => ({
    reset() {
      widget.current?.reset?.();
      onChangeRef.current('');
    },
  }));

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : '');
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, []);

  return (
    <Input.Wrapper label={t('auth.captcha')} error={error} data-testid="captcha">
      <altcha-widget
        ref={widget}
        challenge="/api/auth/captcha_challenge"
        language={i18n.language}
        configuration={JSON.stringify({ hideLogo: true, hideFooter: true })}
      />
    </Input.Wrapper>
  );
});
