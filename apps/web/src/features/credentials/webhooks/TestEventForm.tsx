import { CALLBACK_EVENTS } from '@gerbang/shared';
import { callbackCalls } from '@gerbang/shared/contract/callbacks-calls';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../lib/api';
import { showInfoDialog } from '../../../lib/dialogs';

/** "Send test event": one event type, signed like a real callback and marked as a test. */
export function TestEventForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [event, setEvent] = useState<string | null>(CALLBACK_EVENTS[0].type_info);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!event) return;
    setSending(true);
    try {
      const res = await client.call(callbackCalls.sendTest, { event });
      if (res.rc === '00') {
        showInfoDialog(`${res.rd} (${res.data.id_transaksi})`);
        await queryClient.invalidateQueries({ queryKey: ['callback-undelivered'] });
      }
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="callback-test-form">
      <Title order={5}>{t('callbacks.console.testTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('callbacks.console.testHint')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('callbacks.console.testEvent')}
          data={CALLBACK_EVENTS.map((e) => ({ value: e.type_info, label: t(e.labelKey) }))}
          value={event}
          onChange={setEvent}
          allowDeselect={false}
          w={{ base: '100%', sm: 320 }}
          data-testid="callback-test-event"
        />
        <Button onClick={() => void send()} loading={sending} data-testid="callback-test-send">
          {t('callbacks.console.testSend')}
        </Button>
      </Group>
    </Stack>
  );
}
