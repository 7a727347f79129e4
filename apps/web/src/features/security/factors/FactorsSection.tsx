import { securityCalls } from '@gerbang/shared/contract/security-calls';
import { Alert, Card, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FactorManager } from '../../../components/factors/FactorManager';
import { callKey, callQuery, client } from '../../../lib/api';
import { useLoggedIn } from '../../../lib/session';

/** The user's own factors, and for the main user the rule for all the business's users. */
export default function FactorsSection() {
  const session = useLoggedIn();
  return (
    <Stack gap="lg" maw={720}>
      <FactorManager calls={securityCalls} />
      {session.is_user_parent && <AgentPolicy />}
    </Stack>
  );
}

function AgentPolicy() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const policy = useQuery(callQuery(securityCalls.agentPolicy));
  const save = async (require: boolean) => {
    const res = await client.call(securityCalls.setAgentPolicy, { require });
    if (res.rc === '00') queryClient.setQueryData(callKey(securityCalls.agentPolicy), res.data);
  };
  if (!policy.data) return null;
  return (
    <Card withBorder padding="md" data-testid="agent-policy">
      <Stack gap="xs">
        <Switch
          label={t('security.policy.title')}
          description={t('security.policy.description')}
          checked={policy.data.require}
          onChange={(e) => void save(e.currentTarget.checked)}
          data-testid="agent-policy-switch"
        />
        {policy.data.provider_requires && (
          <Alert color="blue" py={6}>
            <Text size="sm">{t('security.policy.provider')}</Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
