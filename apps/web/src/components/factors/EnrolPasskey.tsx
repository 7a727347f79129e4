import type { FactorCalls } from '@gerbang/shared/contract/factor-calls';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Caller, portalCaller } from './caller';
import { createPasskey } from './passkey-browser';

/** Passkey registration: a name, then the browser's prompt. */
export function EnrolPasskey({
  calls,
  onEnrolled,
  caller = portalCaller,
}: {
  calls: Pick<FactorCalls, 'passkeyOptions' | 'passkeyRegister'>;
  caller?: Caller;
  onEnrolled: (recoveryCodes: string[] | null) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('security.errors.nameRequired'));
    setError(null);
    setBusy(true);
    try {
      const options = await caller(calls.passkeyOptions, {});
      if (options.rc !== '00') return setError(options.rd);
      const response = await createPasskey(options.data);
      if (!response) return setError(t('security.passkey.cancelled'));
      const res = await caller(calls.passkeyRegister, { name: name.trim(), response });
      if (res.rc === '00') return onEnrolled(res.data.recovery_codes);
      setError(res.rd);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="passkey-enrol">
      <Stack gap="sm">
        <TextInput
          label={t('security.passkey.name')}
          placeholder={t('security.passkey.namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={60}
          data-testid="passkey-name"
        />
        {error && (
          <Alert color="red" py={6}>
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} data-testid="passkey-create">
          {t('security.passkey.create')}
        </Button>
      </Stack>
    </form>
  );
}
