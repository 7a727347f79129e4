import type { PublicKeyState } from '@gerbang/shared/contract/snap';
import { snapCalls } from '@gerbang/shared/contract/snap-calls';
import { Badge, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import type { SensitiveRequest } from './SensitiveFlow';

/**
 * The SNAP public key on the credential card: the partner's RSA public key that
 * verifies its access-token signature, registered through the same OTP flow as every credential
 * change. The server checks the key before the OTP is spent; only its fingerprint is shown back.
 */
export function SnapKeyRow({
  canChange,
  start,
}: {
  canChange: boolean;
  start<T>(request: SensitiveRequest<T>): Promise<void>;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<PublicKeyState | null>(null);
  const [pem, setPem] = useState('');

  const load = useCallback(async () => {
    const res = await client.call(snapCalls.publicKey, undefined, { silent: true });
    if (res.rc === '00') setState(res.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const upload = () => {
    if (pem.trim() === '') return showErrorDialog(t('snap.publicKey.empty'));
    return start<PublicKeyState>({
      action: 'snapKey',
      warningKey: 'snap.publicKey.warning',
      submit: async (confirm) => {
        const { email_destination: _unused, ...otp } = confirm;
        return client.call(
          snapCalls.uploadPublicKey,
          { ...otp, public_key: pem },
          { silent: true },
        );
      },
      onDone: (result, message) => {
        setState(result);
        setPem('');
        showInfoDialog(message);
      },
    });
  };

  return (
    <Stack gap="xs" data-testid="snap-key">
      <Text size="sm" c="dimmed">
        {t('snap.publicKey.title')}
      </Text>
      <Group gap="xs">
        <Badge
          color={state?.registered ? 'teal' : 'gray'}
          variant="light"
          data-testid="snap-key-state"
          style={{ textTransform: 'none', maxWidth: '100%', overflow: 'hidden' }}
        >
          {state?.registered
            ? t('snap.publicKey.registered', { fingerprint: state.fingerprint?.slice(0, 16) ?? '' })
            : t('snap.publicKey.none')}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {t('snap.publicKey.hint')}
      </Text>
      {canChange && (
        <>
          <Textarea
            label={t('snap.publicKey.label')}
            placeholder="-----BEGIN PUBLIC KEY-----"
            autosize
            minRows={3}
            maxRows={8}
            value={pem}
            onChange={(event) => setPem(event.currentTarget.value)}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            data-testid="snap-key-pem"
          />
          <Group justify="flex-end" gap="xs">
            <FileButton
              accept=".pem,.pub,.txt,application/x-pem-file"
              onChange={(file) => {
                if (file) void file.text().then((text) => setPem(text.slice(0, 8_000)));
              }}
            >
              {(props) => (
                <Button size="sm" variant="default" {...props}>
                  {t('snap.publicKey.chooseFile')}
                </Button>
              )}
            </FileButton>
            <Button
              size="sm"
              variant="light"
              onClick={() => void upload()}
              data-testid="snap-key-upload"
            >
              {t('snap.publicKey.upload')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
