import {
  changePasswordProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RC,
} from '@gerbang/shared';
import { accountCalls } from '@gerbang/shared/contract/account-calls';
import { Button, Card, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountTabs } from '../../components/AccountTabs';
import { PasswordStrength } from '../../components/PasswordStrength';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { useLoggedIn } from '../../lib/session';

/**
 * The change-password tab (spec 01 §2, §5): new password with a strength meter, confirmation and
 * the user's own password. Submit stays disabled while any rule fails; the server checks the same.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const session = useLoggedIn();
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [ownPassword, setOwnPassword] = useState('');
  const [saving, setSaving] = useState(false);

  const problem = changePasswordProblem({
    newaccountpw: newPassword,
    confirmaccountpw: confirmation,
    userpw: ownPassword,
  });
  // Messages show once the user has typed into the field they belong to.
  const newError =
    newPassword.length > 0 &&
    (newPassword.length < PASSWORD_MIN_LENGTH || newPassword.length > PASSWORD_MAX_LENGTH)
      ? t(problem ?? '')
      : null;
  const confirmError =
    confirmation.length > 0 && !newError && confirmation !== newPassword
      ? t('account.passwordMismatch')
      : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    setSaving(true);
    const res = await client.call(
      accountCalls.changePassword,
      {
        id: session.user.id,
        email: session.user.username,
        username: session.user.username,
        userpw: ownPassword,
        newaccountpw: newPassword,
        confirmaccountpw: confirmation,
      },
      { silent: true },
    );
    setSaving(false);
    if (res.rc !== RC.OK) {
      showErrorDialog(res.rd);
      return;
    }
    setNewPassword('');
    setConfirmation('');
    setOwnPassword('');
    showInfoDialog(res.rd);
  };

  return (
    <>
      <AccountTabs active="password" />
      <Card withBorder radius="md" p="lg" maw={520}>
        <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
          <Stack gap="md">
            <div>
              <Text fw={700}>{t('account.changePasswordTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('account.changePasswordHint')}
              </Text>
            </div>
            <div>
              <PasswordInput
                label={t('account.newPassword')}
                autoComplete="new-password"
                value={newPassword}
                maxLength={PASSWORD_MAX_LENGTH}
                onChange={(e) => setNewPassword(e.currentTarget.value)}
                error={newError}
                data-testid="change-new"
              />
              <PasswordStrength password={newPassword} />
            </div>
            <PasswordInput
              label={t('account.confirmNewPassword')}
              autoComplete="new-password"
              value={confirmation}
              maxLength={PASSWORD_MAX_LENGTH}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              error={confirmError}
              data-testid="change-confirm"
            />
            <PasswordInput
              label={t('account.ownPassword')}
              autoComplete="current-password"
              value={ownPassword}
              onChange={(e) => setOwnPassword(e.currentTarget.value)}
              data-testid="change-own"
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={saving}
                disabled={problem !== null}
                data-testid="change-submit"
              >
                {t('account.savePassword')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}
