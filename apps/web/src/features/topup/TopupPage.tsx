import { Alert, Button, Card, Group, List, Stack, Tabs, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ManualTab } from './ManualTab';
import { VaTab } from './VaTab';

type Tab = 'va' | 'manual';

/**
 * Top up (spec 02 §2.5): back button, explanatory bullets, the virtual-account and manual-transfer
 * tabs, and the fixed notice about the central bank's rules and the 23:30 WIB leftover return.
 */
export default function TopupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'manual' ? 'manual' : 'va';

  return (
    <Stack maw={880} mx="auto" gap="md" data-testid="topup-page">
      <Group gap="sm" wrap="nowrap">
        <Button
          variant="subtle"
          px={6}
          leftSection={<IconArrowLeft size={18} />}
          onClick={() => navigate(-1)}
          data-testid="topup-back"
        >
          {t('topup.back')}
        </Button>
        <Title order={2}>{t('topup.title')}</Title>
      </Group>
      <List size="sm" spacing={4} data-testid="topup-bullets">
        <List.Item>{t('topup.bullets.va')}</List.Item>
        <List.Item>{t('topup.bullets.manual')}</List.Item>
        <List.Item>{t('topup.bullets.exact')}</List.Item>
        <List.Item>{t('topup.bullets.night')}</List.Item>
      </List>
      <Card withBorder radius="md" p="lg">
        <Tabs
          value={tab}
          onChange={(value) =>
            setParams(value === 'manual' ? { tab: 'manual' } : {}, { replace: true })
          }
          keepMounted={false}
        >
          <Tabs.List grow mb="md">
            <Tabs.Tab value="va" data-testid="tab-va">
              {t('topup.tabs.va')}
            </Tabs.Tab>
            <Tabs.Tab value="manual" data-testid="tab-manual">
              {t('topup.tabs.manual')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="va">
            <VaTab />
          </Tabs.Panel>
          <Tabs.Panel value="manual">
            <Stack maw={520} mx="auto">
              <ManualTab />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Card>
      <Alert color="yellow" icon={<IconInfoCircle />} data-testid="topup-notice">
        {t('topup.notice')}
      </Alert>
    </Stack>
  );
}
