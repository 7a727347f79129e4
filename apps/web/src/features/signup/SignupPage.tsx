import { signupCalls } from '@gerbang/shared/contract/signup-calls';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Captcha, type CaptchaHandle } from '../../components/LazyCaptcha';
import { PasswordStrength } from '../../components/PasswordStrength';
import { client } from '../../lib/api';

/**
 * Sign-up: e-mail, password (the 12-character rule and the meter of the password
 * change), captcha. The server mails a single-use verification link; no account exists before it
 * is followed.
 */
export default function SignupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const testKey = params.get('test');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [captcha, setCaptcha] = useState(testKey ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const res = await client.call(
      signupCalls.signup,
      { email, password, confirmation, captcha },
      { silent: true },
    );
    setBusy(false);
    if (res.rc === '00') setSent(res.rd);
    else {
      setError(res.rd);
      if (!testKey) {
        captchaRef.current?.reset();
        setCaptcha('');
      }
    }
  }

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" w="100%" maw={440}>
        <Stack>
          <Title order={2}>{t('signup.title')}</Title>
          {sent ? (
            <Alert color="teal" data-testid="signup-sent">
              {sent}
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack>
                <Text c="dimmed" size="sm">
                  {t('signup.subtitle')}
                </Text>
                <TextInput
                  label={t('signup.email')}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  data-testid="signup-email"
                  autoComplete="email"
                />
                <PasswordInput
                  label={t('signup.password')}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  data-testid="signup-password"
                  autoComplete="new-password"
                />
                <PasswordStrength password={password} />
                <PasswordInput
                  label={t('signup.confirmation')}
                  value={confirmation}
                  onChange={(e) => setConfirmation(e.currentTarget.value)}
                  data-testid="signup-confirmation"
                  autoComplete="new-password"
                />
                {!testKey && <Captcha ref={captchaRef} onChange={setCaptcha} error={null} />}
                {error && (
                  <Alert color="red" data-testid="signup-error">
                    {error}
                  </Alert>
                )}
                <Button type="submit" loading={busy} data-testid="signup-submit">
                  {t('signup.submit')}
                </Button>
              </Stack>
            </form>
          )}
          <Anchor href="/auth/login" size="sm">
            {t('signup.backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
