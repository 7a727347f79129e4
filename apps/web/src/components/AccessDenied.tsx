import { Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The no-access view of spec 01 §6: "You Not Allowed to Access This Page". */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <Center mih={320} data-testid="access-denied">
      <Stack align="center" gap="xs">
        <IconLock size={56} stroke={1.4} color="var(--mantine-color-red-6)" />
        <Title order={3} ta="center">
          {t('common.notAllowed')}
        </Title>
      </Stack>
    </Center>
  );
}

export function NoticeText({ children }: { children: string }) {
  return (
    <Text c="dimmed" ta="center">
      {children}
    </Text>
  );
}
