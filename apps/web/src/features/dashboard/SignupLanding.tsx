import {
  Button,
  Center,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuildingStore, IconCircleCheck, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';

function Choice({
  icon,
  color,
  title,
  body,
  action,
  href,
  testId,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  body: string;
  action: string;
  href: string | null;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" className={classes.choice} data-testid={testId}>
      <Stack gap="md" h="100%">
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={3} style={{ letterSpacing: 1 }}>
          {title}
        </Title>
        <Text c="dimmed" style={{ flex: 1 }}>
          {body}
        </Text>
        <Button
          component="a"
          href={href ?? undefined}
          color={color}
          disabled={!href}
          fullWidth
          data-testid={`${testId}-action`}
        >
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * A group-6 user whose registration is incomplete chooses PERSONAL or BUSINESS (spec 01 §2); each
 * choice opens the registration fields of its type (features/signup).
 */
export function SignupLanding() {
  const { t } = useTranslation();
  return (
    <Center mih="calc(100vh - 140px)" data-testid="signup-landing">
      <Stack maw={860} w="100%" gap="xl">
        <Stack gap={6} ta="center" align="center">
          <Title order={2}>{t('dashboard.landing.title')}</Title>
          <Text c="dimmed" maw={560}>
            {t('dashboard.landing.body')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Choice
            icon={<IconUser size={30} />}
            color="teal"
            title={t('dashboard.landing.personal.title')}
            body={t('dashboard.landing.personal.body')}
            action={t('dashboard.landing.personal.action')}
            href="/signup/personal"
            testId="signup-personal"
          />
          <Choice
            icon={<IconBuildingStore size={30} />}
            color="blue"
            title={t('dashboard.landing.business.title')}
            body={t('dashboard.landing.business.body')}
            action={t('dashboard.landing.business.action')}
            href="/signup/business"
            testId="signup-business"
          />
        </SimpleGrid>
        <Paper radius="lg" p="lg" bg="blue.0">
          <Text fw={600} mb="xs">
            {t('dashboard.landing.benefits')}
          </Text>
          <List
            spacing={4}
            size="sm"
            icon={
              <ThemeIcon size={18} radius="xl" color="blue">
                <IconCircleCheck size={12} />
              </ThemeIcon>
            }
          >
            <Group gap="lg" wrap="wrap">
              {(['api', 'cashOut', 'disbursement', 'price', 'support'] as const).map((key) => (
                <List.Item key={key}>{t(`dashboard.landing.benefit.${key}`)}</List.Item>
              ))}
            </Group>
          </List>
        </Paper>
      </Stack>
    </Center>
  );
}
