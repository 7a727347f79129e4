import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { Suspense, useLayoutEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { SandboxBanner } from '../../components/SandboxBanner';
import { releaseFirstFrame } from '../../lib/first-frame';
import { useLiveQueries } from '../../lib/live-queries';
import { useLoggedIn } from '../../lib/session';
import { useMediaMatch } from '../../lib/use-media-match';
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
  // Below the navbar's breakpoint (`sm`) the sidebar is off-screen until the burger opens it: its
  // menu is rendered on the first opening, not with the page, so a phone's first render is
  // shorter by the whole menu. Wider, or once opened, it stays rendered.
  const narrow = useMediaMatch('(max-width: 47.99em)');
  const [openedOnce, setOpenedOnce] = useState(false);
  if (mobileOpened && !openedOnce) setOpenedOnce(true);
  const sidebarAllowed = showsSidebar(session);
  const sidebarShown = sidebarAllowed && !collapsed;
  // The shell is on screen: the document's first frame has done its part.
  useLayoutEffect(() => releaseFirstFrame(), []);
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
          {(!narrow || openedOnce || mobileOpened) && (
            <Sidebar
              onHide={() => (mobileOpened ? mobile.close() : setCollapsed(true))}
              onNavigate={mobile.close}
            />
          )}
        </AppShell.Navbar>
      )}
      <AppShell.Main className={classes.main}>
        <SandboxBanner />
        <Suspense fallback={<PageLoader inShell />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
