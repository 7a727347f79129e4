import type { FactorCalls } from '@gerbang/shared/contract/factor-calls';
import { Alert, Button, Code, Image, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Caller, portalCaller } from './caller';

/** TOTP enrolment: the QR code (and the key), then the first code confirms it. */
export function EnrolTotp({
  calls,
  onEnrolled,
  caller = portalCaller,
}: {
  calls: Pick<FactorCalls, 'totpStart' | 'totpConfirm'>;
  caller?: Caller;
  onEnrolled: (recoveryCodes: string[] | null) => void;
}) {
  const { t } = useTranslation();
  const [started, setStarted] = useState<{ factor_id: number; secret: string; qr: string } | null>(
    null,
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void caller(calls.totpStart, {}).then((res) => {
      if (res.rc === '00') setStarted(res.data);
      else setError(res.rd);
    });
  }, [calls, caller]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!started) return;
    setBusy(true);
    const res = await caller(calls.totpConfirm, {
      factor_id: started.factor_id,
      code: code.trim(),
    });
    setBusy(false);
    if (res.rc === '00') return onEnrolled(res.data.recovery_codes);
    setCode('');
    setError(res.rd);
  };

  if (!started) return error ? <Alert color="red">{error}</Alert> : null;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="totp-enrol">
      <Stack gap="sm" align="stretch">
        <Text size="sm">{t('security.totp.scan')}</Text>
        <Image src={started.qr} alt="" w={200} h={200} mx="auto" data-testid="totp-qr" />
        <Text size="xs" c="dimmed">
          {t('security.totp.manual')}
        </Text>
        <Code ta="center" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
          {started.secret}
        </Code>
        <TextInput
          label={t('security.totp.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-testid="totp-code"
        />
        {error && (
          <Alert color="red" py={6}>
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} data-testid="totp-confirm">
          {t('security.totp.confirm')}
        </Button>
      </Stack>
    </form>
  );
}
