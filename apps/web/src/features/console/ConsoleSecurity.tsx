import { consoleFactorCalls } from '@gerbang/shared/contract/factor-calls';
import type { SecondFactorStep } from '@gerbang/shared/contract/factors';
import {
  Anchor,
  Button,
  Card,
  Center,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactorManager } from '../../components/factors/FactorManager';
import { FactorProofForm } from '../../components/factors/FactorProofForm';
import { ConsoleSessions } from './ConsoleSessions';
import { consoleApi, consoleCaller, consoleQuery } from './consoleApi';
import { may, type StaffView } from './types';

/** The console login's second step, or the enrolment the provider's rule requires (ADR 010). */
export function ConsoleSecondFactor({
  step,
  onDone,
  onBack,
}: {
  step: NonNullable<SecondFactorStep['second_factor']>;
  onDone: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const calls = consoleFactorCalls;
  return (
    <Center mih="100vh" p="md" bg="dark.7">
      <Paper radius="lg" p="xl" w="100%" maw={step.state === 'enrol' ? 560 : 400}>
        <Stack data-testid={`console-second-factor-${step.state}`}>
          <Title order={3}>
            {step.state === 'enrol' ? t('security.second.enrolTitle') : t('security.second.title')}
          </Title>
          {step.state === 'enrol' ? (
            <>
              <Text size="sm">{t('security.second.enrolIntro')}</Text>
              <FactorManager calls={calls} caller={consoleCaller} onEnrolled={onDone} />
            </>
          ) : (
            <FactorProofForm
              passkey={step.methods.includes('passkey')}
              submitLabel={t('security.second.submit')}
              calls={{
                submitCode: (code) => consoleCaller(calls.secondFactor, { code }),
                passkeyOptions: () => consoleCaller(calls.secondFactorPasskeyOptions, {}),
                submitPasskey: (response) => consoleCaller(calls.secondFactorPasskey, { response }),
              }}
              onPassed={onDone}
            />
          )}
          <Anchor component="button" size="sm" onClick={onBack}>
            {t('security.second.back')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

/** The staff member's own factors and, for who may, the provider's rules. */
export function ConsoleSecurityView({ staff }: { staff: StaffView }) {
  return (
    <Stack maw={960} data-testid="console-security">
      <FactorManager calls={consoleFactorCalls} caller={consoleCaller} />
      <ConsoleSessions />
      {may(staff, 'console_merchants', 'READ') && (
        <ProviderPolicy canChange={may(staff, 'console_merchants', 'UPDATE')} />
      )}
    </Stack>
  );
}

function ProviderPolicy({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = consoleQuery(consoleFactorCalls.policy);
  const policy = useQuery(query);
  const save = async (next: { agents_require: boolean; staff_require: boolean }) => {
    const res = await consoleCaller(consoleFactorCalls.setPolicy, next);
    if (res.rc === '00') queryClient.setQueryData(query.queryKey, res.data);
  };
  if (!policy.data) return null;
  const current = policy.data;
  return (
    <Card withBorder data-testid="provider-policy">
      <Stack gap="sm">
        <Text fw={600}>{t('security.console.title')}</Text>
        <Switch
          label={t('security.console.agentsRequire')}
          checked={current.agents_require}
          disabled={!canChange}
          onChange={(e) => void save({ ...current, agents_require: e.currentTarget.checked })}
          data-testid="policy-agents"
        />
        <Switch
          label={t('security.console.staffRequire')}
          checked={current.staff_require}
          disabled={!canChange}
          onChange={(e) => void save({ ...current, staff_require: e.currentTarget.checked })}
          data-testid="policy-staff"
        />
      </Stack>
    </Card>
  );
}

/** Lost factor: reset a merchant's main user's factors, with a reason (audited, e-mailed). */
export function ResetFactorsCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const reset = async () => {
    const res = await consoleApi.call(
      consoleFactorCalls.resetMerchantFactors,
      { reason },
      { params: { id: agentId } },
    );
    setMessage({ ok: res.rc === '00', text: res.rd });
    if (res.rc === '00') setReason('');
  };
  return (
    <Card withBorder data-testid="reset-factors">
      <Stack gap="sm">
        <Text fw={600}>{t('security.console.resetTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('security.console.resetDescription')}
        </Text>
        <Textarea
          label={t('security.console.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          data-testid="reset-factors-reason"
        />
        {message && (
          <Text size="sm" c={message.ok ? 'green' : 'red'}>
            {message.text}
          </Text>
        )}
        <Button color="red" variant="light" onClick={() => void reset()} w="fit-content">
          {t('security.console.resetButton')}
        </Button>
      </Stack>
    </Card>
  );
}
