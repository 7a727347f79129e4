import { RECONCILIATION_ACCESS } from '@gerbang/shared/contract/access-rules';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { ReconciliationWorkspace } from './ReconciliationWorkspace';
import { merchantReconApi } from './recon-api';

/** The merchant's reconciliation page: its own statements and ledger items (ADR 019). */
export default function ReconciliationPage() {
  const { t } = useTranslation();
  const { verdict } = useSession();
  return (
    <Stack gap="md">
      <Title order={2}>{t('recon.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('recon.intro')}
      </Text>
      <ReconciliationWorkspace
        api={merchantReconApi}
        mayUpdate={verdict(RECONCILIATION_ACCESS.update) === 'allowed'}
        mayWriteOff={verdict(RECONCILIATION_ACCESS.writeOff) === 'allowed'}
      />
    </Stack>
  );
}
