import { useEffect, useState } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { PageGuard } from '../components/PageGuard';
import { PageLoader } from '../components/PageLoader';
import { loadModals } from '../lib/lazy-modals';
import { AppLayout } from './layout/AppLayout';
import { PROTECTED_ROUTES } from './routes';

/**
 * Everything behind the login, as one lazy chunk: the route table with its
 * access rules, the page guard and the shell (sidebar, header, balance). The login page never
 * downloads it; each page inside is its own chunk again.
 */
// The back office's confirm dialogs call `modals.open…` directly: the modal stack loads with
// this chunk (in parallel with the page's), and the shell shows once it listens, so no early
// click opens nothing.
const modalsReady = loadModals();
// The page the address names starts loading now, beside the modal stack, not once the shell runs.
void PROTECTED_ROUTES.find((route) =>
  matchPath(route.path, window.location.pathname),
)?.page.preload();
let modalsLoaded = false;
void modalsReady.then(() => {
  modalsLoaded = true;
});

export default function ProtectedApp() {
  const [ready, setReady] = useState(modalsLoaded);
  useEffect(() => {
    let live = true;
    void modalsReady.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return <PageLoader />;
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {PROTECTED_ROUTES.map(({ path, page: Page, rule }) => (
          <Route
            key={path}
            path={path}
            element={
              rule ? (
                <PageGuard rule={rule}>
                  <Page />
                </PageGuard>
              ) : (
                <Page />
              )
            }
          />
        ))}
      </Route>
      {/* Unknown paths of a logged-in user (spec 01 §2). */}
      <Route path="*" element={<Navigate to="/not-found" replace />} />
    </Routes>
  );
}
