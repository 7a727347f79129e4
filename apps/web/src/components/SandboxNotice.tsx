import { Alert } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown instead of a money feature while the session is in sandbox (spec 01 §1). */
export function SandboxNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" icon={<IconFlask />} data-testid="sandbox-notice" title="Sandbox">
      {t('common.sandboxNotice')}
    </Alert>
  );
}
