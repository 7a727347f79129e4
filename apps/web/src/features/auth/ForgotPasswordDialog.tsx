import { RC } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Captcha, type CaptchaHandle } from '../../components/LazyCaptcha';
import { client } from '../../lib/api';
// A Mantine modal on the login page, which renders with the first-paint stylesheets only.
import '../../lib/styles-full';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';

/** Forgot-password dialog (spec 01 §2): e-mail and captcha; the server mails a reset link. */
export function ForgotPasswordDialog({
  opened,
  onClose,
  testKey,
}: {
  opened: boolean;
  onClose(): void;
  testKey: string | null;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [captcha, setCaptcha] = useState(testKey ?? '');
  const [error, setError] = useState<{ field: 'email' | 'captcha'; key: string } | null>(null);
  const [sending, setSending] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !email.trim()
      ? ({ field: 'email', key: 'auth.enterResetEmail' } as const)
      : !captcha
        ? ({ field: 'captcha', key: 'auth.submitCaptcha' } as const)
        : null;
    setError(problem);
    if (problem) return;
    setSending(true);
    const res = await client.call(
      authCalls.resetPassword,
      { email: email.trim(), captcha },
      { silent: true },
    );
    setSending(false);
    if (!testKey) captchaRef.current?.reset();
    if (res.rc !== RC.OK) {
      showErrorDialog(res.rd);
      return;
    }
    setEmail('');
    onClose();
    showInfoDialog(res.rd);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('auth.resetTitle')} centered>
      <form onSubmit={onSubmit} noValidate data-testid="forgot-form">
        <Stack>
          <Text size="sm" c="dimmed">
            {t('auth.resetHint')}
          </Text>
          <TextInput
            label={t('auth.resetEmail')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error?.field === 'email' ? t(error.key) : null}
            data-testid="forgot-email"
          />
          {!testKey && (
            <Captcha
              ref={captchaRef}
              onChange={setCaptcha}
              error={error?.field === 'captcha' ? t(error.key) : null}
            />
          )}
          <Button type="submit" loading={sending} data-testid="forgot-submit">
            {t('auth.resetSubmit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
