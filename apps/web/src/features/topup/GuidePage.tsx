import { findBank } from '@gerbang/shared/domain/banks';
import { Alert, Button, Card, List, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BANK_GUIDES, type GuideMethod, guideSteps, methodsOf } from '../../lib/bank-guides';
import { useUserVaList } from './useTopupLookups';

/** The bank-specific how-to page of a deposit VA (spec 02 §2.5, §9). */
export default function GuidePage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const list = useUserVaList();
  const guide = BANK_GUIDES[code];
  const bank = findBank(code)?.namabank ?? code;
  const va = list.data?.find((v) => v.kodeBank === code)?.va_number ?? '';
  const methods = guide ? methodsOf(guide) : [];

  return (
    <Stack maw={720} mx="auto" gap="md" data-testid="topup-guide">
      <Stack gap={4} align="flex-start">
        <Button
          component={Link}
          to="/topup"
          variant="subtle"
          px={6}
          leftSection={<IconArrowLeft size={18} />}
          data-testid="guide-back"
        >
          {t('topup.back')}
        </Button>
        <Title order={2}>{t('topup.guide.title', { bank })}</Title>
      </Stack>
      {!guide || methods.length === 0 ? (
        <Alert color="gray">{t('topup.guide.notFound')}</Alert>
      ) : (
        <Card withBorder radius="md" p="lg">
          {va && (
            <Stack gap={0} mb="md">
              <Text size="xs" c="dimmed">
                {t('topup.guide.vaNumber')}
              </Text>
              <Text ff="monospace" fw={700} size="lg" data-testid="guide-va">
                {va}
              </Text>
            </Stack>
          )}
          <Tabs defaultValue={methods[0]} variant="pills">
            <Tabs.List mb="md">
              {methods.map((m) => (
                <Tabs.Tab key={m} value={m} data-testid={`guide-tab-${m}`}>
                  {t(`topup.guide.${m}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {methods.map((m: GuideMethod) => (
              <Tabs.Panel key={m} value={m}>
                <List type="ordered" spacing={6} size="sm" data-testid={`guide-steps-${m}`}>
                  {guideSteps(guide, m, bank, va || '…').map((step) => (
                    <List.Item key={step.key}>
                      {t(`topup.guide.steps.${step.key}`, step.vars)}
                    </List.Item>
                  ))}
                </List>
              </Tabs.Panel>
            ))}
          </Tabs>
        </Card>
      )}
    </Stack>
  );
}
