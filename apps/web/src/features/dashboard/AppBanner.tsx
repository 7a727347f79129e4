import { Box, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandGooglePlay, IconCheck, IconDeviceMobile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Where the app is listed; the store search keeps working whatever the listing id becomes. */
const APP_STORE_URL = 'https://play.google.com/store/search?q=Gerbang&c=apps';

/** A personal end user in group 6 uses the mobile app: the dashboard is only this banner (spec 01 §2). */
export function AppBanner() {
  const { t } = useTranslation();
  return (
    <Paper
      radius="lg"
      p={{ base: 'lg', sm: 40 }}
      data-testid="app-banner"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-blue-7), var(--mantine-color-cyan-6))',
        color: 'white',
        overflow: 'hidden',
      }}
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="xl">
        <Stack gap="md" maw={560}>
          <Title order={2} c="white">
            {t('dashboard.appBanner.title')}
          </Title>
          <Text c="white" opacity={0.92}>
            {t('dashboard.appBanner.body')}
          </Text>
          <List
            spacing={6}
            c="white"
            icon={
              <ThemeIcon color="white" c="blue.7" radius="xl" size={20}>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            <List.Item>{t('dashboard.appBanner.points.transfer')}</List.Item>
            <List.Item>{t('dashboard.appBanner.points.history')}</List.Item>
            <List.Item>{t('dashboard.appBanner.points.secure')}</List.Item>
          </List>
          <Group>
            <Button
              component="a"
              href={APP_STORE_URL}
              target="_blank"
              rel="noopener noreferrer"
              size="md"
              color="dark"
              leftSection={<IconBrandGooglePlay size={20} />}
              data-testid="app-banner-download"
            >
              {t('dashboard.appBanner.googlePlay')}
            </Button>
          </Group>
        </Stack>
        <Box visibleFrom="sm" style={{ opacity: 0.9 }}>
          <IconDeviceMobile size={180} stroke={1} />
        </Box>
      </Group>
    </Paper>
  );
}
