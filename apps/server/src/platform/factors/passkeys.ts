import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { loadWebAuthn } from '../lazy-libs';
import type { FactorDeps, FactorOwner } from './deps';

/** A WebAuthn challenge lives 5 minutes and is used once. */
const CHALLENGE_TTL_MS = 5 * 60_000;

type Purpose = 'register' | 'login' | 'step_up';

async function storeChallenge(
  deps: FactorDeps,
  owner: FactorOwner,
  purpose: Purpose,
  challenge: string,
) {
  const now = deps.now();
  await deps.db
    .insertInto('factor_challenges')
    .values({
      owner_kind: owner.kind,
      owner_id: owner.id,
      session_id: owner.sessionId,
      purpose,
      challenge,
      created_at: now,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
    })
    .execute();
}

/**
 * Takes the session's newest live challenge of `purpose` for good (a conditional UPDATE): the
 * challenge is bound to the session that asked for it and answers one response only.
 */
async function takeChallenge(
  deps: FactorDeps,
  owner: FactorOwner,
  purpose: Purpose,
): Promise<string | null> {
  const now = deps.now();
  const row = await deps.db
    .selectFrom('factor_challenges')
    .select(['id', 'challenge'])
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .where('session_id', '=', owner.sessionId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const taken = await deps.db
    .updateTable('factor_challenges')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? row.challenge : null;
}

async function passkeyRows(deps: FactorDeps, owner: Pick<FactorOwner, 'kind' | 'id'>) {
  return deps.db
    .selectFrom('second_factors')
    .select(['id', 'credential_id', 'public_key', 'sign_count', 'transports'])
    .where('owner_kind', '=', owner.kind)
    .where('owner_id', '=', owner.id)
    .where('kind', '=', 'passkey')
    .execute();
}

const transportsOf = (value: string | null) =>
  value ? (value.split(',') as AuthenticatorTransport[]) : undefined;

export async function passkeyRegistrationOptions(
  deps: FactorDeps,
  owner: FactorOwner,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeyRows(deps, owner);
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: deps.rp.name,
    rpID: deps.rp.id,
    userName: owner.label,
    userID: new TextEncoder().encode(`${owner.kind}:${owner.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({
      id: c.credential_id ?? '',
      transports: transportsOf(c.transports),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(deps, owner, 'register', options.challenge);
  return options;
}

export type PasskeyRefusal = 'challenge' | 'invalid' | 'unknown' | 'counter';

/** Verifies a registration against the session's challenge, origin and RP id; stores the key. */
export async function registerPasskey(
  deps: FactorDeps,
  owner: FactorOwner,
  response: RegistrationResponseJSON,
  name: string,
): Promise<{ ok: true; factorId: number } | { ok: false; reason: PasskeyRefusal }> {
  const challenge = await takeChallenge(deps, owner, 'register');
  if (!challenge) return { ok: false, reason: 'challenge' };
  const { verifyRegistrationResponse } = await loadWebAuthn();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.rp.origins,
      expectedRPID: deps.rp.id,
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!verified.verified || !verified.registrationInfo) return { ok: false, reason: 'invalid' };
  const { credential } = verified.registrationInfo;
  const now = deps.now();
  const row = await deps.db
    .insertInto('second_factors')
    .values({
      owner_kind: owner.kind,
      owner_id: owner.id,
      kind: 'passkey',
      name,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      sign_count: credential.counter,
      transports: credential.transports?.join(',') ?? null,
      confirmed_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'invalid' };
  return { ok: true, factorId: row.id };
}

export async function passkeyAuthenticationOptions(
  deps: FactorDeps,
  owner: FactorOwner,
  purpose: 'login' | 'step_up',
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const keys = await passkeyRows(deps, owner);
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.id,
    allowCredentials: keys.map((c) => ({
      id: c.credential_id ?? '',
      transports: transportsOf(c.transports),
    })),
    userVerification: 'preferred',
  });
  await storeChallenge(deps, owner, purpose, options.challenge);
  return options;
}

/**
 * Verifies an assertion: the session's challenge (used once), the origin, the RP id, the
 * signature with the stored key, and a signature counter above the stored one (a cloned
 * authenticator shows a lower or equal one; authenticators that keep no counter send 0 always).
 * The counter moves with a conditional UPDATE, so two assertions with the same counter at once
 * pass once.
 */
export async function verifyPasskey(
  deps: FactorDeps,
  owner: FactorOwner,
  purpose: 'login' | 'step_up',
  response: AuthenticationResponseJSON,
): Promise<{ ok: true; factorId: number } | { ok: false; reason: PasskeyRefusal }> {
  const challenge = await takeChallenge(deps, owner, purpose);
  if (!challenge) return { ok: false, reason: 'challenge' };
  const key = (await passkeyRows(deps, owner)).find((c) => c.credential_id === response.id);
  if (!key) return { ok: false, reason: 'unknown' };
  const stored = Number(key.sign_count);
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.rp.origins,
      expectedRPID: deps.rp.id,
      credential: {
        id: key.credential_id ?? '',
        publicKey: new Uint8Array(Buffer.from(key.public_key ?? '', 'base64url')),
        counter: stored,
        transports: transportsOf(key.transports),
      },
      requireUserVerification: false,
    });
  } catch (error) {
    const counter = error instanceof Error && /counter/i.test(error.message);
    return { ok: false, reason: counter ? 'counter' : 'invalid' };
  }
  if (!verified.verified) return { ok: false, reason: 'invalid' };
  const { newCounter } = verified.authenticationInfo;
  const moved = await deps.db
    .updateTable('second_factors')
    .set({ sign_count: newCounter, last_used_at: deps.now() })
    .where('id', '=', key.id)
    .where('sign_count', '=', stored)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return { ok: false, reason: 'counter' };
  return { ok: true, factorId: key.id };
}
