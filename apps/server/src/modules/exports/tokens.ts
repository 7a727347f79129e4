import { createHmac } from 'node:crypto';
import { exportCalls } from '@gerbang/shared/contract/exports-calls';
import type { Services } from '../../http/services';
import { safeEqual } from '../../platform/session/tokens';

/**
 * Download links of export files (spec 03 §7.1 "public CSV download URL: id, token"). The token
 * is the credential: an HMAC with the session secret over the job id, its agent, its user and an
 * expiry, so a link opens exactly one job's file, for one hour, and cannot be forged or moved to
 * another job. The export list hands out fresh links on every load.
 */
export const EXPORT_LINK_TTL_MS = 60 * 60 * 1000;

export interface ExportOwner {
  id: number;
  agentId: number;
  userId: number | null;
}

function sign(secret: string, owner: ExportOwner, expiresAt: number): string {
  return createHmac('sha256', secret)
    .update(`export-download:${owner.id}:${owner.agentId}:${owner.userId ?? 0}:${expiresAt}`)
    .digest('base64url');
}

export function exportToken(secret: string, owner: ExportOwner, now: Date): string {
  const expiresAt = Math.floor((now.getTime() + EXPORT_LINK_TTL_MS) / 1000);
  return `${expiresAt}.${sign(secret, owner, expiresAt)}`;
}

export function verifyExportToken(
  secret: string,
  owner: ExportOwner,
  token: string,
  now: Date,
): boolean {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 < now.getTime()) return false;
  return safeEqual(match[2] as string, sign(secret, owner, expiresAt));
}

export function downloadUrl(
  services: Pick<Services, 'config' | 'now'>,
  owner: ExportOwner,
  format: 'csv' | 'xlsx',
): string {
  const token = exportToken(services.config.sessionSecret, owner, services.now());
  return `/api${exportCalls.download.path}?id=${owner.id}&format=${format}&token=${encodeURIComponent(token)}`;
}
