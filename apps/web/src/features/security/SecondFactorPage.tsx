import type { LoginResult } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import { factorCalls } from '@gerbang/shared/contract/factor-calls';
import type { SecondFactorStep } from '@gerbang/shared/contract/factors';
import { Anchor, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FactorManager } from '../../components/factors/FactorManager';
import { FactorProofForm } from '../../components/factors/FactorProofForm';
import { client } from '../../lib/api';
import { useSession } from '../../lib/session';

/**
 * The login's second step (ADR 010): the password was right, the session is half-logged-in.
 * 'verify': a code or a passkey; 'enrol' (a factor is required and there is none): add one.
 */
export default function SecondFactorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setSession } = useSession();
  const step = useLocation().state as SecondFactorStep['second_factor'] | null;
  if (!step) return <Navigate to="/auth/login" replace />;

  const enter = (result: LoginResult) => {
    setSession(result);
    navigate('/', { replace: true });
  };
  const enrolled = async () => {
    const res = await client.call(authCalls.dataUser, undefined);
    if (res.rc === '00') enter(res.data);
  };
  const back = async () => {
    await client.call(authCalls.logout, undefined, { silent: true });
    navigate('/auth/login', { replace: true });
  };

  return (
    <Center
      mih="100vh"
      bg="linear-gradient(135deg, var(--mantine-color-blue-9), var(--mantine-color-cyan-7))"
      p="md"
    >
      <Card shadow="xl" radius="lg" p="xl" w={step.state === 'enrol' ? 560 : 420} maw="100%">
        <Stack gap="md" data-testid={`second-factor-${step.state}`}>
          <Title order={3}>
            {step.state === 'enrol' ? t('security.second.enrolTitle') : t('security.second.title')}
          </Title>
          {step.state === 'enrol' ? (
            <>
              <Text size="sm">{t('security.second.enrolIntro')}</Text>
              <FactorManager calls={factorCalls} onEnrolled={() => void enrolled()} />
            </>
          ) : (
            <FactorProofForm
              passkey={step.methods.includes('passkey')}
              submitLabel={t('security.second.submit')}
              calls={{
                submitCode: (code) =>
                  client.call(factorCalls.secondFactor, { code }, { silent: true }),
                passkeyOptions: () =>
                  client.call(factorCalls.secondFactorPasskeyOptions, {}, { silent: true }),
                submitPasskey: (response) =>
                  client.call(factorCalls.secondFactorPasskey, { response }, { silent: true }),
              }}
              onPassed={enter}
            />
          )}
          <Anchor component="button" size="sm" onClick={() => void back()}>
            {t('security.second.back')}
          </Anchor>
        </Stack>
      </Card>
    </Center>
  );
}
