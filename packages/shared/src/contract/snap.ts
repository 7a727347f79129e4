import { z } from 'zod';
import { otpConfirmSchema } from './credentials';

/**
 * The portal side of the SNAP partner API (modules/snap): registering the partner's RSA public key
 * through the credential page's OTP flow, and the API log of the agent's own calls. The partner
 * calls themselves are documented at /snap/openapi.json. The portal's calls: snap-calls.ts.
 */
export const uploadPublicKeySchema = otpConfirmSchema.extend({
  public_key: z
    .string({ error: 'snap.publicKey.empty' })
    .trim()
    .min(1, 'snap.publicKey.empty')
    .max(8_000, 'snap.publicKey.invalid'),
});
export type UploadPublicKeyRequest = z.infer<typeof uploadPublicKeySchema>;

export const publicKeyState = z.object({
  registered: z.boolean(),
  /** SHA-256 of the key (SPKI DER), hex, to compare with the partner's own copy. */
  fingerprint: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type PublicKeyState = z.infer<typeof publicKeyState>;

/** The deployment's SNAP provider key, that verifies the SNAP payment notifications it sends. */
export const providerKeyState = z.object({
  /** SPKI PEM, as GET /snap/v1.0/provider-public-key serves it. */
  public_key: z.string(),
  /** SHA-256 of the key (SPKI DER), hex. */
  fingerprint: z.string(),
});
export type ProviderKeyState = z.infer<typeof providerKeyState>;

export const apiLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export const apiLogRow = z.object({
  id: z.number(),
  at: z.string(),
  method: z.string(),
  path: z.string(),
  http_status: z.number(),
  response_code: z.string(),
  latency_ms: z.number(),
  external_id: z.string().nullable(),
  client_ip: z.string(),
  request_body: z.string(),
  response_body: z.string(),
});
export type ApiLogRow = z.infer<typeof apiLogRow>;

export const apiLogPage = z.object({
  rows: z.array(apiLogRow),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ApiLogPage = z.infer<typeof apiLogPage>;
