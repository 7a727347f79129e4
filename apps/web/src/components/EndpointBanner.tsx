import { formatWibDateTime } from '@gerbang/shared';
import { CALLBACK_ACCESS } from '@gerbang/shared/contract/callbacks';
import { callbackCalls } from '@gerbang/shared/contract/callbacks-calls';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callKey, callQuery, client } from '../lib/api';
import { showInfoDialog } from '../lib/dialogs';
import { useSession } from '../lib/session';

/**
 * The banner of a callback endpoint the sender disabled after a day of failures: its
 * paused deliveries and the button that enables it again (the paused ones are then sent at once).
 * Shown on the callback pages: the webhook console and /data/callback.
 */
export function EndpointBanner() {
  const { t } = useTranslation();
  const { verdict } = useSession();
  const canChange = verdict(CALLBACK_ACCESS.change) === 'allowed';
  const queryClient = useQueryClient();
  const endpoints = useQuery({ ...callQuery(callbackCalls.endpoints), refetchInterval: 30_000 });
  const [busy, setBusy] = useState<string | null>(null);
  const enable = async (url: string) => {
    setBusy(url);
    try {
      const res = await client.call(callbackCalls.enableEndpoint, { url });
      if (res.rc === '00') {
        showInfoDialog(res.rd);
        await queryClient.invalidateQueries({ queryKey: callKey(callbackCalls.endpoints) });
        await queryClient.invalidateQueries({ queryKey: ['callback-undelivered'] });
      }
    } finally {
      setBusy(null);
    }
  };
  if (!endpoints.data?.length) return null;
  return (
    <Stack gap="sm" data-testid="endpoint-disabled">
      {endpoints.data.map((e) => (
        <Alert
          key={e.url}
          color="red"
          icon={<IconPlugConnectedX />}
          title={t('callbacks.console.disabledTitle')}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('callbacks.console.disabledBody', {
                url: e.url,
                time: e.disabled_at ? formatWibDateTime(new Date(e.disabled_at)) : '-',
                n: e.paused,
              })}
            </Text>
            {canChange && (
              <Button
                size="xs"
                color="red"
                loading={busy === e.url}
                onClick={() => void enable(e.url)}
                data-testid="endpoint-enable"
              >
                {t('callbacks.console.enable')}
              </Button>
            )}
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
