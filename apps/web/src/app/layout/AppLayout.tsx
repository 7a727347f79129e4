import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { SandboxBanner } from '../../components/SandboxBanner';
import { useLiveQueries } from '../../lib/live-queries';
import { useLoggedIn } from '../../lib/session';
import { showsSidebar } from '../menu';
import classes from './appLayout.module.css';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

/** Header, collapsible sidebar and the page. The sidebar stays hidden while registration is incomplete. */
export function AppLayout() {
  const session = useLoggedIn();
  // The tab's live events (balance, lists, statuses), for this agent and environment.
  useLiveQueries(`${session.agent.id_agen}:${session.environment}`);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'gerbang.sidebar-collapsed',
    defaultValue: false,
  });
  const sidebarAllowed = showsSidebar(session);
  const sidebarShown = sidebarAllowed && !collapsed;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={
        sidebarAllowed
          ? {
              width: 270,
              breakpoint: 'sm',
              collapsed: { mobile: !mobileOpened, desktop: collapsed },
            }
          : undefined
      }
      padding="lg"
    >
      <AppShell.Header>
        <Header
          sidebarShown={sidebarShown}
          mobileOpened={mobileOpened}
          onToggleMobile={mobile.toggle}
          onShowSidebar={() => setCollapsed(false)}
        />
      </AppShell.Header>
      {sidebarAllowed && (
        <AppShell.Navbar data-testid="sidebar">
          <Sidebar
            onHide={() => (mobileOpened ? mobile.close() : setCollapsed(true))}
            onNavigate={mobile.close}
          />
        </AppShell.Navbar>
      )}
      <AppShell.Main className={classes.main}>
        <SandboxBanner />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
