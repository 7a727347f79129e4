import { CREDENTIAL_ACCESS } from '@gerbang/shared/contract/credentials';
import { credentialCalls } from '@gerbang/shared/contract/credentials-calls';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { SecretModal, type ShownSecret } from '../../components/SecretModal';
import { client, unwrap } from '../../lib/api';
import { useSession } from '../../lib/session';
import { CallbackCard } from './CallbackCard';
import { CredentialCard } from './CredentialCard';
import { useSensitiveFlow } from './SensitiveFlow';
import { WebhookConsole } from './webhooks/WebhookConsole';

const QUERY_KEY = ['credentials', 'server'];

/**
 * The credential server page (spec 03 §2.4, §6, §7.2): the callback URL card and the credential
 * card. Agent group 3 sees the activation prompt and nothing else. The server enforces every rule
 * (CREDENTIAL_ACCESS); the page evaluates the same rules to hide what it would refuse.
 */
export default function CredentialServerPage() {
  const { t } = useTranslation();
  const { session, verdict } = useSession();
  const queryClient = useQueryClient();
  const flow = useSensitiveFlow();
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const query = useQuery({
    queryKey: [...QUERY_KEY, session?.environment],
    queryFn: () =>
      unwrap(client.call(credentialCalls.credential, { username_agen: session?.agent.username })),
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const canChange = verdict(CREDENTIAL_ACCESS.change) === 'allowed';
  // Module 24: callback READ shows the card, callback UPDATE its controls (sandbox: the card
  // shows the notice itself, from the list's `editable`).
  const showsCallbacks = verdict(CREDENTIAL_ACCESS.callbackRead) === 'allowed';
  const canChangeCallbacks = verdict(CREDENTIAL_ACCESS.callbackChange) !== 'denied';

  return (
    <Stack gap="lg" data-testid="credential-page">
      <div>
        <Title order={2}>{t('credentials.title')}</Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t('credentials.intro')}
        </Text>
      </div>
      {query.isPending && <PageLoader />}
      {query.isError && <Text c="red">{t('common.errors.loadFailed')}</Text>}
      {query.data?.activationRequired && (
        <Alert
          color="yellow"
          icon={<IconLock />}
          title={t('credentials.activation.title')}
          data-testid="credential-activation"
        >
          <Text size="sm">{t('credentials.activation.body')}</Text>
        </Alert>
      )}
      {query.data?.credential && (
        <>
          {showsCallbacks && <CallbackCard canChange={canChangeCallbacks} start={flow.start} />}
          <WebhookConsole />
          <CredentialCard
            data={query.data.credential}
            canChange={canChange}
            start={flow.start}
            showSecret={setSecret}
            reload={reload}
          />
        </>
      )}
      {flow.element}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
