import { factorCalls } from '@gerbang/shared/contract/factor-calls';
import { teamCalls } from '@gerbang/shared/contract/team-calls';
import { Alert, Button, Card, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactorManager } from '../../../components/factors/FactorManager';
import { callKey, callQuery, client } from '../../../lib/api';
import { useLoggedIn } from '../../../lib/session';

/** The user's own factors, and for the main user the rule for all the business's users. */
export default function FactorsSection() {
  const session = useLoggedIn();
  return (
    <Stack gap="lg" maw={720}>
      <FactorManager calls={factorCalls} />
      {session.is_user_parent && <AgentPolicy />}
      {session.is_user_parent && <ResetSubUser userId={session.user.id} />}
    </Stack>
  );
}

function AgentPolicy() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const policy = useQuery(callQuery(factorCalls.agentPolicy));
  const save = async (require: boolean) => {
    const res = await client.call(factorCalls.setAgentPolicy, { require });
    if (res.rc === '00') queryClient.setQueryData(callKey(factorCalls.agentPolicy), res.data);
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

/** Lost factor of a sub-user: the main user removes all their factors (their sessions end). */
function ResetSubUser({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const subs = useQuery({
    ...callQuery(teamCalls.subAccounts, { iduser: userId }, { silent: true }),
    retry: false,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reset = async () => {
    if (!chosen) return;
    const res = await client.call(factorCalls.resetUserFactors, { user_id: Number(chosen) });
    if (res.rc === '00') {
      setDone(res.rd);
      setChosen(null);
    }
  };
  if (!subs.data || subs.data.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="reset-sub-user">
      <Stack gap="xs">
        <Text fw={600}>{t('security.reset.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('security.reset.description')}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('security.reset.userId')}
            data={subs.data.map((s) => ({
              value: String(s.id),
              label: `${s.nama} (${s.username})`,
            }))}
            value={chosen}
            onChange={setChosen}
            searchable
            w={320}
            maw="100%"
          />
          <Button color="red" variant="light" disabled={!chosen} onClick={() => void reset()}>
            {t('security.reset.button')}
          </Button>
        </Group>
        {done && (
          <Text size="sm" c="green">
            {done}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
