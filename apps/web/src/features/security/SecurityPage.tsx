import type { AccessRequirement } from '@gerbang/shared';
import { CREDENTIAL_ACCESS } from '@gerbang/shared/contract/access-rules';
import { Stack, Tabs, Title } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useSession } from '../../lib/session';

/**
 * Settings › Security: one tab per section, each its own chunk — second factors, sessions, API
 * keys. A section is one line here. A section with a rule is shown only to users who pass it (the
 * server enforces the same rule on its calls).
 */
const SECTIONS: Array<{
  key: string;
  labelKey: string;
  page: ComponentType;
  rule?: AccessRequirement;
}> = [
  {
    key: 'factors',
    labelKey: 'security.tabs.factors',
    page: lazy(() => import('./factors/FactorsSection')),
  },
  {
    key: 'sessions',
    labelKey: 'sessions.title',
    page: lazy(() => import('./sessions/SessionsSection')),
  },
  {
    key: 'api-keys',
    labelKey: 'apiKeys.title',
    page: lazy(() => import('./api-keys/ApiKeysSection')),
    rule: CREDENTIAL_ACCESS.read,
  },
];

export default function SecurityPage() {
  const { t } = useTranslation();
  const { verdict } = useSession();
  const [params, setParams] = useSearchParams();
  const sections = SECTIONS.filter((s) => !s.rule || verdict(s.rule) === 'allowed');
  const active = sections.find((s) => s.key === params.get('tab'))?.key ?? sections[0]?.key;
  return (
    <Stack gap="md" data-testid="security-page">
      <Title order={2}>{t('nav.security')}</Title>
      <Tabs
        value={active}
        onChange={(tab) => setParams(tab ? { tab } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {sections.map((s) => (
            <Tabs.Tab key={s.key} value={s.key} data-testid={`security-tab-${s.key}`}>
              {t(s.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {sections.map((s) => (
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
