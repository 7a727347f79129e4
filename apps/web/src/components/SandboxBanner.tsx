import { Alert } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';

/**
 * The persistent sandbox banner: on every logged-in page while the session is in
 * sandbox, so test data is never mistaken for real money. Not dismissable.
 */
export function SandboxBanner() {
  const { t } = useTranslation();
  const { session } = useSession();
  if (session?.environment !== 'sandbox') return null;
  return (
    <Alert
      color="orange"
      variant="filled"
      icon={<IconFlask />}
      mb="md"
      py={6}
      role="status"
      data-testid="sandbox-banner"
      styles={{ title: { marginBottom: 0 } }}
    >
      <strong>{t('environment.bannerTitle')}</strong> — {t('environment.banner')}
    </Alert>
  );
}
