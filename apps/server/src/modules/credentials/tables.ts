import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * An agent's API credential per environment (spec 03 §3.3): client id, the client secret's hash
 * (never the secret), the IP whitelist, and the callback signature key encrypted with a key from
 * the configuration (signing.ts) because the server must sign with it.
 */
export interface AgentCredentialsTable {
  agent_id: number;
  environment: Environment;
  app_name: string;
  client_id: string | null;
  /** sha256 of the secret, hex: the secret has 256 random bits, so a fast hash is enough. */
  client_secret_hash: string | null;
  /** The whitelist, comma-joined (1–6 addresses); empty until set. */
  allow_ip: string;
  is_using_signature: Generated<boolean>;
  /** AES-256-GCM of the signature key: `iv.tag.ciphertext`, base64url parts. */
  signature_key_enc: string | null;
  secret_generated_at: Timestamp | null;
  updated_at: Timestamp;
  /** SNAP (migration 0145): the partner's RSA public key (PEM) for the access-token signature. */
  snap_public_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** SNAP: the client secret, AES-GCM like the signature key (the service HMAC needs it). */
  client_secret_enc: ColumnType<string | null, string | null | undefined, string | null>;
  /** SNAP: calls per minute before 429. */
  snap_rate_per_minute: Generated<number>;
  /** The callback signing key before its last rotation, valid until `previous_signature_until`. */
  previous_signature_key_enc: ColumnType<string | null, string | null | undefined, string | null>;
  previous_signature_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The client secret before a regeneration with an overlap, valid for SNAP until then. */
  previous_client_secret_enc: ColumnType<string | null, string | null | undefined, string | null>;
  previous_client_secret_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/**
 * A scoped SNAP API key (migration 0171): beside the credential's own client id (the default key,
 * all scopes). The secret is AES-GCM like the credential's; the previous one after a rotation is
 * accepted until `previous_valid_until`.
 */
export interface ApiKeysTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  name: string;
  client_id: string;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_valid_until: Timestamp | null;
  /** `group:read|write`, comma-joined (api-key-scopes.ts). */
  scopes: string;
  /** Comma-joined; empty: the credential's whitelist applies. */
  allow_ip: Generated<string>;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** One callback URL per event type (spec 03 §3.3 items: idinfo, type_info, type_value). */
export interface CallbackUrlsTable {
  agent_id: number;
  environment: Environment;
  idinfo: number;
  type_info: string;
  type_value: string;
  updated_at: Timestamp;
}

export interface CredentialTables {
  agent_credentials: AgentCredentialsTable;
  callback_urls: CallbackUrlsTable;
  api_keys: ApiKeysTable;
}
