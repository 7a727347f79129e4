import type { ProviderKeyState } from '@gerbang/shared/contract/snap';
import { snapCalls } from '@gerbang/shared/contract/snap-calls';
import { Badge, Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../lib/api';

/**
 * Gerbang's SNAP provider public key on the credential card: the key that verifies the
 * SNAP-signed payment notifications Gerbang sends (SHA256withRSA). It is the deployment's, the
 * same for every partner, and also served at GET /snap/v1.0/provider-public-key.
 */
export function SnapProviderKeyRow() {
  const { t } = useTranslation();
  const [state, setState] = useState<ProviderKeyState | null>(null);

  useEffect(() => {
    void client.call(snapCalls.providerKey, undefined, { silent: true }).then((res) => {
      if (res.rc === '00') setState(res.data);
    });
  }, []);

  return (
    <Stack gap="xs" data-testid="snap-provider-key">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('snap.providerKey.title')}
        </Text>
        {state && (
          <CopyButton value={state.public_key}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('snap.providerKey.copied') : t('snap.providerKey.copy')}
              </Button>
            )}
          </CopyButton>
        )}
      </Group>
      {state && (
        <>
          <Badge
            color="blue"
            variant="light"
            style={{ textTransform: 'none', maxWidth: '100%', overflow: 'hidden' }}
            data-testid="snap-provider-key-fingerprint"
          >
            {t('snap.providerKey.fingerprint', { fingerprint: state.fingerprint.slice(0, 16) })}
          </Badge>
          <Textarea
            readOnly
            autosize
            minRows={3}
            maxRows={10}
            value={state.public_key}
            aria-label={t('snap.providerKey.title')}
            styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            data-testid="snap-provider-key-pem"
          />
        </>
      )}
      <Text size="xs" c="dimmed">
        {t('snap.providerKey.hint')}
      </Text>
    </Stack>
  );
}
