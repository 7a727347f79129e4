import type { AccessRequirement } from '@gerbang/shared';
import type { ReactNode } from 'react';
import { useSession } from '../lib/session';
import { AccessDenied } from './AccessDenied';
import { ActivationNotice } from './ActivationNotice';
import { SandboxNotice } from './SandboxNotice';

/**
 * Mirrors the server's rule for a page: denied shows the no-access view, sandbox shows the
 * sandbox notice, an unactivated business the activation message (spec 02 §1). The server refuses the same calls regardless.
 */
export function PageGuard({ rule, children }: { rule: AccessRequirement; children: ReactNode }) {
  const { verdict } = useSession();
  const result = verdict(rule);
  if (result === 'denied') return <AccessDenied />;
  if (result === 'sandbox') return <SandboxNotice />;
  if (result === 'inactive') return <ActivationNotice />;
  return <>{children}</>;
}
