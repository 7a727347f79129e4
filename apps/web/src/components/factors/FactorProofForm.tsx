import type { Envelope } from '@gerbang/shared';
import { Alert, Button, Divider, Stack, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPasskeyAssertion } from './passkey-browser';

export interface FactorProofCalls<T> {
  submitCode(code: string): Promise<Envelope<T>>;
  passkeyOptions(): Promise<Envelope<Record<string, unknown>>>;
  submitPasskey(response: Record<string, unknown>): Promise<Envelope<T>>;
}

/**
 * The second factor proved once: a code (authenticator or recovery) or a passkey. Used by the
 * login's second step and by the step-up dialog; the caller says which calls prove it.
 */
export function FactorProofForm<T>({
  calls,
  passkey,
  submitLabel,
  onPassed,
}: {
  calls: FactorProofCalls<T>;
  /** Offer the passkey button (the user has one). */
  passkey: boolean;
  submitLabel: string;
  onPassed: (data: T) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('security.errors.codeRequired'));
    setBusy(true);
    const res = await calls.submitCode(code.trim());
    setBusy(false);
    if (res.rc === '00') return onPassed(res.data);
    setCode('');
    setError(res.rd);
  };

  const onPasskey = async () => {
    setError(null);
    setBusy(true);
    try {
      const options = await calls.passkeyOptions();
      if (options.rc !== '00') return setError(options.rd);
      const response = await getPasskeyAssertion(options.data);
      if (!response) return setError(t('security.passkey.cancelled'));
      const res = await calls.submitPasskey(response);
      if (res.rc === '00') return onPassed(res.data);
      setError(res.rd);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <form onSubmit={onSubmit} noValidate data-testid="factor-proof-form">
        <Stack gap="sm">
          <TextInput
            label={t('security.second.codeLabel')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="one-time-code"
            inputMode="text"
            maxLength={32}
            autoFocus
            data-testid="factor-code"
          />
          {error && (
            <Alert color="red" py={6} data-testid="factor-error">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} data-testid="factor-submit">
            {submitLabel}
          </Button>
        </Stack>
      </form>
      {passkey && (
        <>
          <Divider />
          <Button
            variant="light"
            leftSection={<IconKey size={16} />}
            onClick={() => void onPasskey()}
            loading={busy}
            data-testid="factor-passkey"
          >
            {t('security.second.usePasskey')}
          </Button>
        </>
      )}
    </Stack>
  );
}
