import {
  type AccessRequirement,
  type AccessVerdict,
  type Environment,
  evaluateAccess,
  type LoginResult,
  RC,
} from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { client, configureApiClient, forgetCsrfToken } from './api';
import { changeLanguage, storedLanguage } from './i18n';

/**
 * The logged-in state: the login result of spec 01 §3 as the server answers it (`auth/datauser`),
 * kept in the query cache under ['session']. The environment is server state; the page only reads it.
 */
export interface SessionValue {
  session: LoginResult | null;
  loading: boolean;
  setSession(result: LoginResult): void;
  refresh(): Promise<void>;
  /** Clears caches, storage and state (spec 01 §4); the language choice is kept. */
  clearLocal(): void;
  logout(): Promise<void>;
  switchEnvironment(target: Environment): Promise<boolean>;
  verdict(rule: AccessRequirement): AccessVerdict;
}

const SessionContext = createContext<SessionValue | null>(null);
const SESSION_KEY = ['session'];

/** `auth/session` answers 200 with the login result or null, so the login page logs no 401. */
async function fetchSession(): Promise<LoginResult | null> {
  const res = await client.call(authCalls.session, undefined, {
    silent: true,
    anonymousOk: true,
  });
  return res.rc === RC.OK ? res.data : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: fetchSession,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const session = query.data ?? null;

  const clearLocal = useCallback(() => {
    const language = storedLanguage();
    queryClient.clear();
    queryClient.setQueryData(SESSION_KEY, null);
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('gerbang.language', language);
    forgetCsrfToken();
  }, [queryClient]);

  const value = useMemo<SessionValue>(
    () => ({
      session,
      loading: query.isPending,
      setSession(result) {
        queryClient.setQueryData(SESSION_KEY, result);
        if (result.language !== storedLanguage()) void changeLanguage(storedLanguage());
      },
      async refresh() {
        await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      },
      clearLocal,
      async logout() {
        await client.call(authCalls.logout, undefined, { silent: true, anonymousOk: true });
        clearLocal();
      },
      async switchEnvironment(target) {
        const call =
          target === 'production' ? authCalls.switchToProduction : authCalls.switchToSandbox;
        const res = await client.call(call, undefined, { silent: true });
        if (res.rc !== RC.OK) return false;
        // Everything on screen belongs to the old environment: drop it and reload the session.
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
        await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
        return true;
      },
      verdict(rule) {
        if (!session) return 'denied';
        return evaluateAccess(rule, {
          access: session.access_data,
          userType: session.user_type,
          idGrup: session.agent.id_grup,
          apiEnabled: session.agent.enable_api,
          isMainUser: session.user.id_user_parent === null,
          kycApproved: session.is_approved_kyc,
          businessActivated: session.business_status !== 1,
          environment: session.environment,
        });
      },
    }),
    [session, query.isPending, queryClient, clearLocal],
  );

  configureApiClient({ environment: () => session?.environment ?? 'production' });
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The logged-in session; only for pages behind RequireAuth. */
export function useLoggedIn(): LoginResult {
  const { session } = useSession();
  if (!session) throw new Error('useLoggedIn outside a protected route');
  return session;
}
