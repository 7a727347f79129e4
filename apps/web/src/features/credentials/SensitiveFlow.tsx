import { type Envelope, RC } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import {
  OTP_ALT_EMAIL_ACTIONS,
  type OtpAction,
  type OtpResponse,
} from '@gerbang/shared/contract/credentials';
import { credentialCalls } from '@gerbang/shared/contract/credentials-calls';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Captcha, type CaptchaHandle } from '../../components/Captcha';
import { client } from '../../lib/api';
import { useSession } from '../../lib/session';

/** What a sensitive post adds to its own fields (spec 03 §7.2). */
export interface OtpConfirmFields {
  id_otp: string;
  otp: string;
  captcha: string;
  email_destination: string;
}

export interface SensitiveRequest<T> {
  action: OtpAction;
  /** Catalog key of the warning shown before the OTP is requested. */
  warningKey: string;
  submit(confirm: OtpConfirmFields): Promise<Envelope<T>>;
  onDone(data: T, message: string): void;
}

type Step = 'closed' | 'warning' | 'otp';

/**
 * The sensitive-change flow of spec 03 §4: a session check, then a warning with a captcha, then
 * `control/create_otp` (a 6-digit code by e-mail), then the OTP dialog (code, optional alternate
 * destination for credential, PIN and signature, captcha), then the action. A failure shows the
 * server's message in place and resets the captcha. Test sessions skip captchas (spec 03 §6).
 */
export function useSensitiveFlow(): {
  start<T>(request: SensitiveRequest<T>): Promise<void>;
  element: ReactNode;
} {
  const { t } = useTranslation();
  const { session, refresh } = useSession();
  const isTest = Boolean(session?.is_test_user);
  const [step, setStep] = useState<Step>('closed');
  const [request, setRequest] = useState<SensitiveRequest<unknown> | null>(null);
  const [otp, setOtp] = useState<OtpResponse | null>(null);
  const [captcha, setCaptcha] = useState('');
  const [code, setCode] = useState('');
  const [useAlt, setUseAlt] = useState(false);
  const [altEmail, setAltEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);

  const reset = () => {
    setOtp(null);
    setCaptcha('');
    setCode('');
    setUseAlt(false);
    setAltEmail('');
    setError(null);
    setBusy(false);
  };
  const close = () => {
    setStep('closed');
    setRequest(null);
    reset();
  };
  const failed = (message: string) => {
    setError(message);
    captchaRef.current?.reset();
    setCaptcha('');
  };

  const start = async <T,>(next: SensitiveRequest<T>) => {
    // The session check first: an expired session goes back to the login page.
    const check = await client.call(authCalls.session, undefined, {
      silent: true,
      anonymousOk: true,
    });
    if (check.rc !== RC.OK || !check.data) {
      await refresh();
      return;
    }
    reset();
    setRequest(next as SensitiveRequest<unknown>);
    setStep('warning');
  };

  const requestOtp = async () => {
    if (!request) return;
    if (!isTest && !captcha) return setError(t('credentials.otp.captchaRequired'));
    setBusy(true);
    const res = await client.call(
      credentialCalls.createOtp,
      { captcha, brand: request.action },
      { silent: true },
    );
    setBusy(false);
    if (res.rc !== RC.OK) return failed(res.rd);
    setOtp(res.data);
    setError(null);
    setCaptcha('');
    setStep('otp');
  };

  const confirm = async () => {
    if (!request || !otp) return;
    if (code.trim() === '') return setError(t('credentials.otp.empty'));
    if (!/^\d{6}$/.test(code.trim())) return setError(t('credentials.otp.length'));
    if (!isTest && !captcha) return setError(t('credentials.otp.captchaMissing'));
    setBusy(true);
    const res = await request.submit({
      id_otp: otp.idOtp,
      otp: code.trim(),
      captcha,
      email_destination: useAlt ? altEmail.trim() : '',
    });
    setBusy(false);
    if (res.rc !== RC.OK) return failed(res.rd);
    const done = request;
    close();
    done.onDone(res.data, res.rd);
  };

  // Only in the dialog of the current step: a dialog that is closing stays mounted through its
  // exit transition, and must not show the next step's message twice.
  const errorAlert = (of: Step) =>
    error && step === of ? (
      <Alert color="red" icon={<IconAlertTriangle />} data-testid="flow-error">
        {error}
      </Alert>
    ) : null;

  const element = (
    <>
      <Modal
        opened={step === 'warning'}
        onClose={close}
        title={t('credentials.otp.warningTitle')}
        centered
        data-testid="flow-warning"
      >
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle />}>
            {request ? t(request.warningKey) : ''}
          </Alert>
          {!isTest && step === 'warning' && (
            <Captcha ref={captchaRef} onChange={(payload) => setCaptcha(payload)} />
          )}
          {errorAlert('warning')}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('credentials.otp.cancel')}
            </Button>
            <Button onClick={() => void requestOtp()} loading={busy} data-testid="flow-request-otp">
              {t('credentials.otp.request')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={step === 'otp'}
        onClose={close}
        title={t('credentials.otp.title')}
        centered
        data-testid="flow-otp"
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('credentials.otp.sentTo', { email: otp?.email ?? '' })}</Text>
            <TextInput
              label={t('credentials.otp.code')}
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              onChange={(event) => {
                setError(null);
                setCode(event.currentTarget.value.replace(/\D/g, ''));
              }}
              data-testid="otp-code"
              data-autofocus
            />
            {request && OTP_ALT_EMAIL_ACTIONS.includes(request.action) && (
              <>
                <Checkbox
                  label={t('credentials.otp.altEmail')}
                  checked={useAlt}
                  onChange={(event) => setUseAlt(event.currentTarget.checked)}
                  data-testid="otp-alt-toggle"
                />
                {useAlt && (
                  <TextInput
                    type="email"
                    label={t('credentials.otp.altEmailLabel')}
                    value={altEmail}
                    maxLength={254}
                    onChange={(event) => setAltEmail(event.currentTarget.value)}
                    data-testid="otp-alt-email"
                  />
                )}
              </>
            )}
            {!isTest && step === 'otp' && (
              <Captcha ref={captchaRef} onChange={(payload) => setCaptcha(payload)} />
            )}
            {errorAlert('otp')}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('credentials.otp.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="otp-confirm">
                {t('credentials.otp.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );

  return { start, element };
}
