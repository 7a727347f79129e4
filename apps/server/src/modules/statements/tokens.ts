import { createHmac } from 'node:crypto';
import { statementCalls } from '@gerbang/shared/contract/statements-calls';
import type { Services } from '../../http/services';
import { safeEqual } from '../../platform/session/tokens';

/**
 * Download links of statement files. The token is the credential: an HMAC with the session secret
 * over the file id, its agent and an expiry, so a link opens exactly one file and cannot be forged
 * or moved. The page hands out links for an hour; a mailed link lasts a week, since a mailbox is
 * read later than a page.
 */
export const PAGE_LINK_TTL_MS = 60 * 60 * 1000;
export const MAIL_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function sign(secret: string, id: number, agentId: number, expiresAt: number): string {
  return createHmac('sha256', secret)
    .update(`statement-download:${id}:${agentId}:${expiresAt}`)
    .digest('base64url');
}

export function verifyStatementToken(
  secret: string,
  file: { id: number; agentId: number },
  token: string,
  now: Date,
): boolean {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 < now.getTime()) return false;
  return safeEqual(match[2] as string, sign(secret, file.id, file.agentId, expiresAt));
}

export function statementDownloadUrl(
  services: Pick<Services, 'config' | 'now'>,
  file: { id: number; agentId: number },
  ttlMs: number,
): string {
  const expiresAt = Math.floor((services.now().getTime() + ttlMs) / 1000);
  const token = `${expiresAt}.${sign(services.config.sessionSecret, file.id, file.agentId, expiresAt)}`;
  return `/api${statementCalls.download.path}?id=${file.id}&token=${encodeURIComponent(token)}`;
}
