import { consoleCalls } from '@gerbang/shared/contract/console-calls';
import {
  Alert,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Captcha, type CaptchaHandle } from '../../components/LazyCaptcha';
import { consoleApi } from './consoleApi';

/** The console's own login (staff e-mail, password, captcha); merchant logins do not work here. */
export function ConsoleLogin({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const testKey = params.get('test');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState(testKey ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await consoleApi.call(consoleCalls.login, { email, password, captcha });
    setBusy(false);
    if (res.rc === '00') onLoggedIn();
    else {
      setError(res.rd);
      if (!testKey) {
        captchaRef.current?.reset();
        setCaptcha('');
      }
    }
  }
  return (
    <Center mih="100vh" p="md" bg="dark.7">
      <Paper radius="lg" p="xl" w="100%" maw={400}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={3}>{t('console.loginTitle')}</Title>
            <TextInput
              label={t('console.email')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              data-testid="console-email"
              autoComplete="username"
            />
            <PasswordInput
              label={t('console.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-testid="console-password"
              autoComplete="current-password"
            />
            {!testKey && <Captcha ref={captchaRef} onChange={setCaptcha} error={null} />}
            {error && (
              <Alert color="red" data-testid="console-login-error">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={busy} data-testid="console-login">
              {t('console.login')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
