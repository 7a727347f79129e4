import { CALLBACK_ACCESS } from '@gerbang/shared/contract/callbacks';
import { Card, Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EndpointBanner } from '../../../components/EndpointBanner';
import { useSession } from '../../../lib/session';
import { TestEventForm } from './TestEventForm';
import { UndeliveredPanel } from './UndeliveredPanel';

/**
 * The webhook console, under the callback URLs: the banner of a disabled
 * endpoint, "send test event", the undelivered events and the bulk resend. Shown with the
 * callback monitor's READ; its changes need UPDATE too (the server decides both).
 */
export function WebhookConsole() {
  const { t } = useTranslation();
  const { verdict } = useSession();
  if (verdict(CALLBACK_ACCESS.read) !== 'allowed') return null;
  const canChange = verdict(CALLBACK_ACCESS.change) === 'allowed';
  return (
    <Card withBorder radius="md" p="lg" data-testid="webhook-console">
      <Stack gap="md">
        <div>
          <Title order={4}>{t('callbacks.console.title')}</Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('callbacks.console.intro')}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('callbacks.console.scheduleNote')}
          </Text>
        </div>
        <EndpointBanner />
        {canChange && <TestEventForm />}
        <Divider />
        <UndeliveredPanel canChange={canChange} />
      </Stack>
    </Card>
  );
}
