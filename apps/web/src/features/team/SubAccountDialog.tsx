import { PASSWORD_MAX_LENGTH, RC, type SubAccountDto, subAccountProblem } from '@gerbang/shared';
import { teamCalls } from '@gerbang/shared/contract/team-calls';
import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordStrength } from '../../components/PasswordStrength';
import { client } from '../../lib/api';
import { showErrorDialog, showInfoDialog } from '../../lib/dialogs';
import { useMediaMatch } from '../../lib/use-media-match';

type Field = 'name' | 'email' | 'password' | 'confirmpassword' | 'userpw';

/** Which field a rule's message belongs under. */
const FIELD_OF: Record<string, Field> = {
  'team.nameRequired': 'name',
  'team.nameTooLong': 'name',
  'team.emailRequired': 'email',
  'team.emailInvalid': 'email',
  'account.passwordTooShort': 'password',
  'account.passwordTooLong': 'password',
  'account.passwordMismatch': 'confirmpassword',
  'account.ownPasswordRequired': 'userpw',
};

interface Props {
  opened: boolean;
  /** The sub-account being edited; null adds a new one. */
  editing: SubAccountDto | null;
  onClose(): void;
  onSaved(): void;
}

/**
 * Add or edit a sub-account (spec 01 §2): name, e-mail, password and confirmation, and the main
 * user's own password. Editing keeps the e-mail read-only and the password optional.
 */
export function SubAccountDialog({ opened, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const narrow = useMediaMatch('(max-width: 36em)');
  const [values, setValues] = useState({
    name: '',
    email: '',
    password: '',
    confirmpassword: '',
    userpw: '',
  });
  const [error, setError] = useState<{ field: Field; key: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setValues({
      name: editing?.nama ?? '',
      email: editing?.username ?? '',
      password: '',
      confirmpassword: '',
      userpw: '',
    });
    setError(null);
  }, [opened, editing]);

  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (error?.field === field) setError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = subAccountProblem({ id: editing?.id ?? null, ...values });
    if (problem) {
      setError({ field: FIELD_OF[problem] ?? 'name', key: problem });
      return;
    }
    setSaving(true);
    const res = await client.call(
      teamCalls.storeSubAccount,
      { id: editing?.id ?? '', ...values, name: values.name.trim(), email: values.email.trim() },
      { silent: true },
    );
    setSaving(false);
    if (res.rc !== RC.OK) {
      showErrorDialog(res.rd);
      return;
    }
    onSaved();
    onClose();
    showInfoDialog(res.rd);
  };

  const errorOf = (field: Field) => (error?.field === field ? t(error.key) : null);
  const editingMode = editing !== null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editingMode ? t('team.editTitle') : t('team.addTitle')}
      fullScreen={narrow}
      centered
      size="md"
    >
      <form onSubmit={onSubmit} noValidate data-testid="subaccount-form">
        <Stack gap="sm">
          <TextInput
            label={t('team.name')}
            value={values.name}
            maxLength={100}
            onChange={set('name')}
            error={errorOf('name')}
            data-testid="sub-name"
            data-autofocus
          />
          <TextInput
            label={t('team.email')}
            type="email"
            value={values.email}
            onChange={set('email')}
            error={errorOf('email')}
            readOnly={editingMode}
            disabled={editingMode}
            description={editingMode ? t('team.emailReadOnlyHint') : undefined}
            autoComplete="off"
            data-testid="sub-email"
          />
          <div>
            <PasswordInput
              label={editingMode ? t('team.newPasswordOptional') : t('team.password')}
              description={editingMode ? t('team.newPasswordHint') : undefined}
              value={values.password}
              maxLength={PASSWORD_MAX_LENGTH}
              onChange={set('password')}
              error={errorOf('password')}
              autoComplete="new-password"
              data-testid="sub-password"
            />
            {values.password && <PasswordStrength password={values.password} />}
          </div>
          <PasswordInput
            label={t('team.confirmPassword')}
            value={values.confirmpassword}
            maxLength={PASSWORD_MAX_LENGTH}
            onChange={set('confirmpassword')}
            error={errorOf('confirmpassword')}
            autoComplete="new-password"
            data-testid="sub-confirm"
          />
          <PasswordInput
            label={t('team.ownPassword')}
            description={t('team.ownPasswordHint')}
            value={values.userpw}
            onChange={set('userpw')}
            error={errorOf('userpw')}
            autoComplete="current-password"
            data-testid="sub-own-password"
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="sub-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
