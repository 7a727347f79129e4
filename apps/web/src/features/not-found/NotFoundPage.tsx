import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "404 Not Found" with an access-denied image (spec 01 §2). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" data-testid="not-found">
      <Stack align="center" gap="sm">
        <IconLock size={96} stroke={1.2} color="var(--mantine-color-red-5)" aria-hidden />
        <Title order={1}>{t('common.notFound')}</Title>
        <Text c="dimmed" ta="center" maw={420}>
          {t('common.notFoundHint')}
        </Text>
        <Button component={Link} to="/" variant="light">
          {t('common.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
