import { lazy } from 'react';
import LoginPageComponent from '../features/auth/LoginPage';
import { withCatalogParts, withFullCatalog } from '../lib/i18n';

/**
 * The pages a visitor reaches without logging in, each its own chunk. Kept apart from the
 * protected route table (routes.tsx), whose access rules come with the contract modules, so the
 * login page downloads none of that. The login page needs only the core
 * catalog (auth, common); every other page waits for the whole catalog of its language.
 */
// The login is part of the entry's own chunk: the first screen most visitors see renders with no
// further request for code.
export const LoginPage = LoginPageComponent;
export const PayPage = lazy(() => withFullCatalog(import('../features/paylink/PayPage')));
export const ResetPasswordPage = lazy(() =>
  withFullCatalog(import('../features/auth/ResetPasswordPage')),
);
export const NotFoundPage = lazy(() =>
  withFullCatalog(import('../features/not-found/NotFoundPage')),
);
export const MailboxPage = lazy(() =>
  withCatalogParts(['simulator'], import('../features/dev-mailbox/MailboxPage')),
);
export const SimulatorPage = lazy(() =>
  withCatalogParts(['simulator'], import('../features/dev-simulator/SimulatorPage')),
);
// Sign-up, its e-mail link and the provider console with its own login (§4).
export const SignupPage = lazy(() => withFullCatalog(import('../features/signup/SignupPage')));
export const SignupVerifyPage = lazy(() =>
  withFullCatalog(import('../features/signup/VerifyPage')),
);
// The console (its words and views are loaded by app/console-entry.tsx, outside this module).
export const ConsolePage = lazy(() => import('./console-entry'));
// The login's second step and a required enrolment (ADR 010).
export const SecondFactorPage = lazy(() =>
  withCatalogParts(['security'], import('../features/security/SecondFactorPage')),
);
