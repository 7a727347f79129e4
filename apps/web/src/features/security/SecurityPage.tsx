import { Stack, Tabs, Title } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';

/**
 * Settings › Security: one tab per section, each its own chunk. A section is one line here
 * (sessions and API keys join as their own folders under features/security/).
 */
const SECTIONS: Array<{ key: string; labelKey: string; page: ComponentType }> = [
  {
    key: 'factors',
    labelKey: 'security.tabs.factors',
    page: lazy(() => import('./factors/FactorsSection')),
  },
];

export default function SecurityPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = SECTIONS.find((s) => s.key === params.get('tab'))?.key ?? SECTIONS[0]?.key;
  return (
    <Stack gap="md" data-testid="security-page">
      <Title order={2}>{t('security.title')}</Title>
      <Tabs
        value={active}
        onChange={(tab) => setParams(tab ? { tab } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {SECTIONS.map((s) => (
            <Tabs.Tab key={s.key} value={s.key} data-testid={`security-tab-${s.key}`}>
              {t(s.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SECTIONS.map((s) => (
          <Tabs.Panel key={s.key} value={s.key} pt="md">
            <Suspense fallback={<PageLoader />}>
              <s.page />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
