import { signupCalls } from '@gerbang/shared/contract/signup-calls';
import { Alert, Anchor, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { client } from '../../lib/api';

/** The mailed link: follows it once, then sends the new user to the login page. */
export default function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [answer, setAnswer] = useState<{ ok: boolean; rd: string } | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void client
      .call(signupCalls.verify, { token }, { silent: true })
      .then((res) => setAnswer({ ok: res.rc === '00', rd: res.rd }));
  }, [token]);
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={440}>
        <Stack>
          <Title order={2}>{t('signup.title')}</Title>
          {answer ? (
            <Alert color={answer.ok ? 'teal' : 'red'} data-testid="signup-verified">
              {answer.rd}
            </Alert>
          ) : (
            <Loader />
          )}
          <Anchor href="/auth/login" data-testid="signup-go-login">
            {t('signup.goToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
