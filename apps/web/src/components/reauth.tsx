import { type Envelope, RC } from '@gerbang/shared';
import { securityCalls } from '@gerbang/shared/contract/security-calls';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../lib/api';
import { showErrorDialog } from '../lib/dialogs';

/** Sends the password re-entry: the portal's `/auth/reauth`, or the console's. */
export type SendReauth = (password: string) => Promise<Envelope<unknown>>;

const portalReauth: SendReauth = (password) =>
  client.call(securityCalls.reauth, { password }, { silent: true });

/** The password re-entry dialog; resolves true once the server stamped the proof. */
function ReauthForm({ done, send }: { done(ok: boolean): void; send: SendReauth }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const res = await send(password);
    setBusy(false);
    if (res.rc === RC.OK) done(true);
    else setError(res.rd);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('sessions.reauth.hint')}</Text>
        <PasswordInput
          label={t('sessions.reauth.password')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
          autoComplete="current-password"
          data-autofocus
          data-testid="reauth-password"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => done(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="reauth-confirm">
            {t('sessions.reauth.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function askReauth(title: string, send: SendReauth = portalReauth): Promise<boolean> {
  return new Promise((resolve) => {
    const id = modals.open({
      title,
      centered: true,
      onClose: () => resolve(false),
      children: (
        <ReauthForm
          send={send}
          done={(ok) => {
            resolve(ok);
            modals.close(id);
          }}
        />
      ),
    });
  });
}

/**
 * Sends a change that may need a fresh re-authentication (the server answers 428, RC.REAUTH):
 * asks the password once and sends it again. Other refusals show the server's message.
 */
export async function withReauth<T>(
  send: () => Promise<Envelope<T>>,
  title: string,
): Promise<Envelope<T>> {
  let res = await send();
  if (res.rc === RC.REAUTH && (await askReauth(title))) res = await send();
  if (res.rc !== RC.OK && res.rc !== RC.REAUTH) showErrorDialog(res.rd);
  return res;
}
