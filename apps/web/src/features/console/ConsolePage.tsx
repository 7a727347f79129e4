import { consoleCalls } from '@gerbang/shared/contract/console-calls';
import { Box, Button, Center, Group, Loader, SegmentedControl, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes } from 'react-router';
import { changeLanguage } from '../../lib/i18n';
import { ConsoleLogin } from './ConsoleLogin';
import { ConsoleSecondFactor, ConsoleSecurityView } from './ConsoleSecurity';
import { consoleApi, setConsoleCsrf } from './consoleApi';
import { DemoView } from './DemoView';
import { MerchantPage, MerchantsView } from './MerchantsView';
import { NewsView } from './NewsView';
import { QueuesView } from './QueuesView';
import { type ConsoleView, may } from './types';

/**
 * The provider console at /console: its own login, session and layout, apart from
 * the merchant portal (a merchant's session is refused by every console call).
 */
export default function ConsolePage({ views = [] }: { views?: readonly ConsoleView[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: ['console-session'],
    queryFn: async () => {
      const res = await consoleApi.call(consoleCalls.session);
      setConsoleCsrf(res.data?.csrf ?? null);
      return res.data ?? null;
    },
  });
  if (session.isLoading)
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  const staff = session.data?.staff ?? null;
  const reload = () => queryClient.invalidateQueries({ queryKey: ['console-session'] });
  const logout = async () => {
    await consoleApi.call(consoleCalls.logout, {});
    setConsoleCsrf(null);
    await reload();
  };
  if (!staff) return <ConsoleLogin onLoggedIn={reload} />;
  // Half logged in: the second factor (or the enrolment the provider requires) first (ADR 010).
  const step = session.data?.second_factor;
  if (step) return <ConsoleSecondFactor step={step} onDone={reload} onBack={logout} />;
  const link = (to: string, label: string, end = false) => (
    <NavLink
      to={to}
      end={end}
      style={({ isActive }) => ({ fontWeight: isActive ? 700 : 400, textDecoration: 'none' })}
    >
      {label}
    </NavLink>
  );
  return (
    <Box mih="100vh" bg="gray.0">
      <Box
        px="md"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        data-testid="console-header"
      >
        <Group justify="space-between" h="100%" wrap="wrap" gap="xs" py={6}>
          <Group gap="lg" wrap="wrap">
            <Title order={4}>{t('console.title')}</Title>
            {link('/console', t('console.nav.queues'), true)}
            {may(staff, 'console_merchants', 'READ') &&
              link('/console/merchants', t('console.nav.merchants'))}
            {may(staff, 'console_content', 'READ') && link('/console/news', t('console.nav.news'))}
            {views
              .filter((v) => may(staff, v.module, 'READ'))
              .map((v) => (
                <span key={v.path}>{link(`/console/${v.path}`, t(v.labelKey))}</span>
              ))}
            {may(staff, 'console_demo', 'READ') && link('/console/demo', t('console.nav.demo'))}
            {link('/console/security', t('security.title'))}
          </Group>
          <Group gap="sm">
            <SegmentedControl
              size="xs"
              value={i18n.language === 'en' ? 'en' : 'id'}
              data={['id', 'en']}
              onChange={(v) => void changeLanguage(v as 'id' | 'en')}
            />
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {staff.email}
            </Text>
            <Button size="xs" variant="light" data-testid="console-logout" onClick={logout}>
              {t('console.logout')}
            </Button>
          </Group>
        </Group>
      </Box>
      <Box p="md">
        <Routes>
          <Route index element={<QueuesView staff={staff} />} />
          <Route path="merchants" element={<MerchantsView />} />
          <Route path="merchants/:id" element={<MerchantPage staff={staff} />} />
          <Route path="news" element={<NewsView staff={staff} />} />
          <Route path="demo" element={<DemoView staff={staff} />} />
          {views.map((v) => (
            <Route
              key={v.path}
              path={v.path}
              element={<Suspense fallback={<Loader />}>{v.render(staff)}</Suspense>}
            />
          ))}
          <Route path="security" element={<ConsoleSecurityView staff={staff} />} />
        </Routes>
      </Box>
    </Box>
  );
}
