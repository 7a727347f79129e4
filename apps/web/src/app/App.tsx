import { isPublicPagePath } from '@gerbang/shared';
import { Suspense, useDeferredValue, useEffect, useLayoutEffect } from 'react';
import {
  BrowserRouter,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { configureApiClient } from '../lib/api';
import { showErrorDialog } from '../lib/dialogs';
import { releaseFirstFrame } from '../lib/first-frame';
import { withFullCatalog } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-page';
import { useSession } from '../lib/session';
import {
  ConsolePage,
  LoginPage,
  MailboxPage,
  NotFoundPage,
  PayPage,
  ResetPasswordPage,
  SecondFactorPage,
  SignupPage,
  SignupVerifyPage,
  SimulatorPage,
} from './public-routes';
import { PROTECTED_ROUTES } from './routes';

/** The shell and the page guard: their own chunks, never loaded on the login page. */
const ProtectedApp = lazyPage(() => withFullCatalog(import('./ProtectedApp')));
// An address behind the login loads the shell and its page while the session is checked, not
// after: a logged-in user (the usual visitor of such an address) waits for one round of
// requests, not two, and both render without suspending when the session answers.
if (!isPublicPagePath(window.location.pathname)) {
  void ProtectedApp.preload();
  void PROTECTED_ROUTES.find((route) =>
    matchPath(route.path, window.location.pathname),
  )?.page.preload();
}

/** Protected routes: wait for the session check, then show the page or go to the login page. */
function RequireAuth() {
  const { session, loading } = useSession();
  const location = useLocation();
  // The shell and the page are the biggest render of a cold load: rendered as a deferred
  // (interruptible) update, React yields to the browser every few milliseconds instead of
  // blocking input for the whole render (~300 ms on a mid-range phone).
  const checking = useDeferredValue(loading);
  if (loading || checking) return <PageLoader />;
  if (!session) return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** The login page is for visitors; a logged-in user goes home. */
function PublicOnly() {
  const { session, loading } = useSession();
  // As RequireAuth: the login page renders as a deferred update, in slices.
  const checking = useDeferredValue(loading);
  if (loading || checking) return <PageLoader />;
  if (session) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Wires the API client to the session: 401 logs out (and goes to login), other codes show a dialog. */
function ApiClientWiring() {
  const { clearLocal } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    configureApiClient({
      onUnauthorized: () => {
        clearLocal();
        navigate('/auth/login', { replace: true });
      },
      onError: (rd) => showErrorDialog(rd),
      // Money moves and security settings of a user with a second factor (ADR 010).
      onStepUp: () => import('../components/factors/step-up').then((m) => m.askStepUp()),
    });
  }, [clearLocal, navigate]);
  return null;
}

/** The document's first frame goes as soon as the app is at another address (login, not-found). */
function FirstFrameRelease() {
  const { pathname } = useLocation();
  useLayoutEffect(() => releaseFirstFrame(pathname), [pathname]);
  return null;
}

export function App() {
  return (
    <BrowserRouter>
      <ApiClientWiring />
      <FirstFrameRelease />
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route element={<PublicOnly />}>
            <Route path="/auth/login" element={<LoginPage />} />
          </Route>
          <Route path="/auth/reset" element={<ResetPasswordPage />} />
          <Route path="/auth/second-factor" element={<SecondFactorPage />} />
          <Route path="/auth/signup" element={<SignupPage />} />
          <Route path="/signup/verify" element={<SignupVerifyPage />} />
          <Route path="/console/*" element={<ConsolePage />} />
          <Route path="/pay/:idPayment" element={<PayPage />} />
          <Route path="/dev/mailbox" element={<MailboxPage />} />
          <Route path="/dev/simulator" element={<SimulatorPage />} />
          <Route path="/not-found" element={<NotFoundPage />} />
          {/* Every other path needs a session: its page, or /not-found when unknown (ProtectedApp);
              without a session, the login page (spec 01 §2). */}
          <Route element={<RequireAuth />}>
            <Route path="*" element={<ProtectedApp />} />
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
