import { authCalls } from '@gerbang/shared/contract/auth-calls';
import { Input } from '@mantine/core';
import {
  createElement,
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { callUrl } from '../lib/api';
import { type Challenge, solve } from './captchaSolver';

export interface CaptchaHandle {
  reset(): void;
}

interface CaptchaProps {
  /** Called with the solved payload, or '' when the widget resets or expires. */
  onChange(payload: string): void;
  error?: string | null;
}

type State = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired';

// Inside a shadow root (page styles do not reach in), close to the altcha box it replaces.
const STYLE = `
.altcha{display:flex;flex-direction:column;gap:6px;max-width:260px;box-sizing:border-box;padding:14px 12px;border:1px solid #a0a0a0;border-radius:4px;background:#fff;color:#212529;font:14px/1.3 inherit}
.row{display:flex;align-items:center;gap:10px;min-height:24px}
input{width:20px;height:20px;margin:0;accent-color:#228be6;cursor:pointer}
input:focus-visible{outline:2px solid #228be6;outline-offset:2px}
label{flex:1;cursor:pointer}
.spin{width:18px;height:18px;border:2px solid #228be6;border-top-color:transparent;border-radius:50%;animation:r .8s linear infinite}
@keyframes r{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spin{animation:none}}
.err{margin:0;color:#fa5252;font-size:13px}
.ok label{color:#2b8a3e}
`;

/**
 * The proof-of-work captcha (self-hosted): fetches a signed altcha challenge
 * from the server, solves it in the browser when the box is ticked, and hands us the payload the
 * server verifies once. Rendered as `<altcha-widget>` with an open shadow root holding `.altcha`
 * (data-state) and a real checkbox + label, so it looks and is found like the widget it replaces.
 */
export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha(
  { onChange, error },
  ref,
) {
  const { t } = useTranslation();
  const host = useRef<HTMLElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  const [state, setState] = useState<State>('unverified');
  const run = useRef<AbortController | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const id = useId();

  const stop = () => {
    run.current?.abort();
    run.current = null;
    clearTimeout(expiry.current);
  };

  useEffect(() => {
    const element = host.current;
    if (element) setRoot(element.shadowRoot ?? element.attachShadow({ mode: 'open' }));
    return () => {
      run.current?.abort();
      clearTimeout(expiry.current);
    };
  }, []);

  useImperativeHandle(ref, () => ({
    reset() {
      stop();
      setState('unverified');
      onChangeRef.current('');
    },
  }));

  const verify = async () => {
    stop();
    const controller = new AbortController();
    run.current = controller;
    setState('verifying');
    onChangeRef.current('');
    try {
      const response = await fetch(callUrl(authCalls.captchaChallenge), {
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`challenge ${response.status}`);
      const challenge = (await response.json()) as Challenge;
      // Expiry on the server's clock: its time when the challenge was made, not this device's.
      const serverNow = Date.parse(response.headers.get('x-server-time') ?? '') || Date.now();
      const expiresAt = challenge.parameters.expiresAt;
      const lifetime = expiresAt ? expiresAt * 1000 - serverNow : 0;
      const payload = await solve(challenge, controller.signal);
      if (controller.signal.aborted) return;
      setState('verified');
      onChangeRef.current(payload);
      if (lifetime > 0) {
        expiry.current = setTimeout(() => {
          run.current = null;
          setState('expired');
          onChangeRef.current('');
        }, lifetime);
      }
    } catch {
      if (controller.signal.aborted) return;
      setState('error');
      onChangeRef.current('');
    }
  };

  const busy = state === 'verifying';
  const text =
    state === 'verifying'
      ? t('auth.captchaWidget.verifying')
      : state === 'verified'
        ? t('auth.captchaWidget.verified')
        : t('auth.captchaWidget.label');
  const message =
    state === 'error'
      ? t('auth.captchaWidget.error')
      : state === 'expired'
        ? t('auth.captchaWidget.expired')
        : '';

  return (
    <Input.Wrapper label={t('auth.captcha')} error={error} data-testid="captcha">
      {createElement('altcha-widget', { ref: host, style: { display: 'block' } })}
      {root &&
        createPortal(
          <>
            <style>{STYLE}</style>
            <div className={state === 'verified' ? 'altcha ok' : 'altcha'} data-state={state}>
              <div className="row">
                {busy ? (
                  <span className="spin" aria-hidden="true" />
                ) : (
                  <input
                    type="checkbox"
                    id={id}
                    checked={state === 'verified'}
                    aria-invalid={error ? true : undefined}
                    onChange={() => {
                      if (state !== 'verified') void verify();
                    }}
                  />
                )}
                <label htmlFor={id} aria-live="polite">
                  {text}
                </label>
              </div>
              <p className="err" role="alert" hidden={!message}>
                {message}
              </p>
            </div>
          </>,
          root,
        )}
    </Input.Wrapper>
  );
});
