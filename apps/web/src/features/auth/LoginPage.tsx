import { LANGUAGES, type Language, RC } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Center,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Captcha, type CaptchaHandle } from '../../components/LazyCaptcha';
import { client } from '../../lib/api';
import { showErrorDialog } from '../../lib/dialogs';
import { changeLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { firstLoginProblem, type LoginProblem } from './login-form';

// The dialog (and Mantine's modal stack with it) loads when it is first opened.
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { setSession } = useSession();
  const [params] = useSearchParams();
  // Test mode: the key stands in for a captcha solution; the server accepts it only if it matches.
  const testKey = params.get('test');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState(testKey ?? '');
  const [error, setError] = useState<LoginProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  // Stays mounted once opened, so closing it plays its transition.
  const forgotLoaded = useRef(false);
  if (forgotOpen) forgotLoaded.current = true;
  const captchaRef = useRef<CaptchaHandle>(null);
  const resetAfterFailure = () => {
    setUsername('');
    setPassword('');
    if (!testKey) captchaRef.current?.reset();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = await firstLoginProblem({ username, password, captcha });
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    const res = await client.call(
      authCalls.login,
      { username: username.trim(), password, captcha },
      { silent: true },
    );
    setSubmitting(false);
    if (res.rc === RC.OK) {
      const data = res.data;
      // The password was right; the second step (or a required enrolment) comes before the app.
      if ('second_factor' in data) {
        navigate('/auth/second-factor', { replace: true, state: data.second_factor });
        return;
      }
      setSession(data);
      navigate('/', { replace: true });
      return;
    }
    resetAfterFailure();
    showErrorDialog(res.rd);
  };

  return (
    <Center
      mih="100vh"
      bg="linear-gradient(135deg, var(--mantine-color-blue-9), var(--mantine-color-cyan-7))"
      p="md"
    >
      <Card shadow="xl" radius="lg" p="xl" w={420} maw="100%">
        <form onSubmit={onSubmit} noValidate data-testid="login-form">
          <Stack gap="md">
            <Group justify="space-between" align="center">
              <Group gap={8}>
                <img src="/favicon.svg" alt="" width={36} height={36} />
                <Text fw={800} size="xl" c="blue.8">
                  Gerbang
                </Text>
              </Group>
              {/* Two buttons, not a SegmentedControl: that one brings the scroll area and
                  floating-ui to the login page. */}
              <Group
                gap={4}
                wrap="nowrap"
                role="group"
                aria-label={t('common.language')}
                data-testid="login-language"
              >
                {LANGUAGES.map((lang) => (
                  <Button
                    key={lang}
                    size="compact-xs"
                    variant={i18n.language === lang ? 'filled' : 'default'}
                    aria-pressed={i18n.language === lang}
                    onClick={() => void changeLanguage(lang as Language)}
                  >
                    {lang.toUpperCase()}
                  </Button>
                ))}
              </Group>
            </Group>
            <Box>
              <Title order={3}>{t('auth.title')}</Title>
              <Text size="sm" c="dimmed">
                {t('auth.subtitle')}
              </Text>
            </Box>
            <TextInput
              label={t('auth.username')}
              placeholder={t('auth.usernamePlaceholder')}
              type="email"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              error={error?.field === 'username' ? t(error.key) : null}
              data-testid="login-username"
            />
            <PasswordInput
              label={t('auth.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={error?.field === 'password' ? t(error.key) : null}
              data-testid="login-password"
              maxLength={64}
            />
            {testKey ? (
              <Alert color="gray" icon={<IconFlask size={16} />} py={6} data-testid="test-mode">
                {t('auth.testMode')}
              </Alert>
            ) : (
              <Captcha
                ref={captchaRef}
                onChange={setCaptcha}
                error={error?.field === 'captcha' ? t(error.key) : null}
              />
            )}
            <Button
              type="submit"
              loading={submitting}
              fullWidth
              size="md"
              data-testid="login-submit"
            >
              {t('auth.login')}
            </Button>
            <Group justify="space-between">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setForgotOpen(true)}
                data-testid="forgot-password"
              >
                {t('auth.forgotPassword')}
              </Anchor>
              <Anchor
                href={testKey ? `/auth/signup?test=${encodeURIComponent(testKey)}` : '/auth/signup'}
                size="sm"
                data-testid="signup-link"
              >
                {t('auth.signUp')}
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Card>
      {(forgotOpen || forgotLoaded.current) && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            opened={forgotOpen}
            onClose={() => setForgotOpen(false)}
            testKey={testKey}
          />
        </Suspense>
      )}
    </Center>
  );
}
