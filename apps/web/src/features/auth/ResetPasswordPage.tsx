import { PASSWORD_MIN_LENGTH, RC } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import { Anchor, Button, Card, Center, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';

/** The page a reset mail links to: sets a new password with the single-use token. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const tooShort = password.length > 0 && password.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirmation.length > 0 && confirmation !== password;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const res = await client.call(
      authCalls.confirmPasswordReset,
      { token: params.get('token') ?? '', password, confirmation },
      { silent: true },
    );
    setSaving(false);
    if (res.rc !== RC.OK) {
      showErrorDialog(res.rd);
      return;
    }
    showInfoDialog(res.rd);
    navigate('/auth/login', { replace: true });
  };

  return (
    <Center mih="100vh" bg="var(--mantine-color-gray-1)" p="md">
      <Card shadow="md" radius="lg" p="xl" w={420} maw="100%">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Title order={3}>{t('auth.newPasswordTitle')}</Title>
            <PasswordInput
              label={t('auth.newPassword')}
              value={password}
              maxLength={64}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={tooShort ? t('auth.passwordTooShort') : null}
              data-testid="reset-password"
            />
            <PasswordInput
              label={t('auth.confirmPassword')}
              value={confirmation}
              maxLength={64}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              error={mismatch ? t('auth.passwordMismatch') : null}
              data-testid="reset-confirmation"
            />
            <Button
              type="submit"
              loading={saving}
              disabled={!password || tooShort || mismatch || !confirmation}
              data-testid="reset-submit"
            >
              {t('auth.setPassword')}
            </Button>
            <Anchor component={Link} to="/auth/login" size="sm">
              {t('auth.backToLogin')}
            </Anchor>
          </Stack>
        </form>
      </Card>
    </Center>
  );
}
