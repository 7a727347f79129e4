import { Alert, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A page whose area is built by a later issue says so, rather than pretending. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} mb="md">
        {t(titleKey)}
      </Title>
      <Alert icon={<IconTools />} color="gray" data-testid="coming-soon">
        {t('common.comingSoon')}
      </Alert>
    </>
  );
}
