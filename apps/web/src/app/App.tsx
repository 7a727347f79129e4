import { Suspense, useEffect } from 'react';
import {
  BrowserRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router';
import { PageGuard } from '../components/PageGuard';
import { PageLoader } from '../components/PageLoader';
import { configureApiClient } from '../lib/api';
import { showErrorDialog } from '../lib/dialogs';
import { useSession } from '../lib/session';
import { AppLayout } from './layout/AppLayout';
import {
  LoginPage,
  MailboxPage,
  NotFoundPage,
  PayPage,
  PROTECTED_ROUTES,
  ResetPasswordPage,
  SimulatorPage,
} from './routes';

/** Protected routes: wait for the session check, then show the page or go to the login page. */
function RequireAuth() {
  const { session, loading } = useSession();
  const location = useLocation();
  if (loading) return <PageLoader />;
  if (!session) return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** The login page is for visitors; a logged-in user goes home. */
function PublicOnly() {
  const { session, loading } = useSession();
  if (loading) return <PageLoader />;
  if (session) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Unknown paths: /not-found when logged in, otherwise the login page (spec 01 §2). */
function UnknownPath() {
  const { session, loading } = useSession();
  if (loading) return <PageLoader />;
  return <Navigate to={session ? '/not-found' : '/auth/login'} replace />;
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
    });
  }, [clearLocal, navigate]);
  return null;
}

export function App() {
  return (
    <BrowserRouter>
      <ApiClientWiring />
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route element={<PublicOnly />}>
            <Route path="/auth/login" element={<LoginPage />} />
          </Route>
          <Route path="/auth/reset" element={<ResetPasswordPage />} />
          <Route path="/pay/:idPayment" element={<PayPage />} />
          <Route path="/dev/mailbox" element={<MailboxPage />} />
          <Route path="/dev/simulator" element={<SimulatorPage />} />
          <Route path="/not-found" element={<NotFoundPage />} />
          <Route element={<RequireAuth />}>
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
          </Route>
          <Route path="*" element={<UnknownPath />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
