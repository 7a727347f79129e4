import { Navigate, Route, Routes } from 'react-router';
import { PageGuard } from '../components/PageGuard';
import { loadModals } from '../lib/lazy-modals';
import { AppLayout } from './layout/AppLayout';
import { PROTECTED_ROUTES } from './routes';

/**
 * Everything behind the login, loaded lazily (the `shell` chunk, vite.config.ts): the routes with
 * their access rules, the page guard and the shell (sidebar, header, balance). The login page never
 * downloads it; each page inside is its own chunk again, preloaded by the entry (App.tsx).
 */
// The back office's confirm dialogs call `modals.open…` directly: the modal stack loads with this
// chunk, in parallel with the page's, and the shell does not wait for it — a dialog asked for
// before it listens opens when it does (loadModals holds it).
void loadModals();

export default function ProtectedApp() {
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
