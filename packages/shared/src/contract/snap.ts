import { z } from 'zod';
import { CREDENTIAL_ACCESS } from './access-rules';
import { otpConfirmSchema } from './credentials';

/**
 * The portal side of the SNAP partner API (modules/snap): registering the partner's RSA public key
 * through the credential page's OTP flow, and the API log of the agent's own calls. The partner
 * calls themselves are documented at /snap/openapi.json.
 */
export const SNAP_PATHS = {
  publicKey: '/control/snap_public_key',
  apiLog: '/control/snap_api_log',
} as const;

export const SNAP_ACCESS = {
  read: CREDENTIAL_ACCESS.read,
  change: CREDENTIAL_ACCESS.change,
} as const;

export const uploadPublicKeySchema = otpConfirmSchema.extend({
  public_key: z
    .string({ error: 'snap.publicKey.empty' })
    .trim()
    .min(1, 'snap.publicKey.empty')
    .max(8_000, 'snap.publicKey.invalid'),
});
export type UploadPublicKeyRequest = z.infer<typeof uploadPublicKeySchema>;

export interface PublicKeyState {
  registered: boolean;
  /** SHA-256 of the key (SPKI DER), hex, to compare with the partner's own copy. */
  fingerprint: string | null;
  updated_at: string | null;
}

export const apiLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export interface ApiLogRow {
  id: number;
  at: string;
  method: string;
  path: string;
  http_status: number;
  response_code: string;
  latency_ms: number;
  external_id: string | null;
  client_ip: string;
  request_body: string;
  response_body: string;
}

export interface ApiLogPage {
  rows: ApiLogRow[];
  total: number;
  page: number;
  per_page: number;
}
