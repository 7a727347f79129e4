import type { MultipartFile } from '@fastify/multipart';
import { RC } from '@gerbang/shared';
import {
  BUSINESS_DOCUMENTS,
  type BusinessFields,
  type DocumentKind,
  type PersonalFields,
  type RegistrationState,
} from '@gerbang/shared/contract/signup';
import { ApiError, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import { documentImage, type ImageMime, MAX_DOCUMENT_BYTES } from './images';

/**
 * The registration of a new agent (spec 03 §3.1 "merchant registration row"):
 * PERSONAL (identity; reviewed as KYC) or BUSINESS (company, owner, NPWP, document images; the
 * agent becomes an unactivated business of group 3 until its activation request is approved).
 * The fields' rules and the answer are the shared contract's (contract/signup.ts).
 */
export async function registrationState(
  services: Services,
  agentId: number,
): Promise<RegistrationState> {
  const agent = await services.db
    .selectFrom('agents')
    .select(['status_reg', 'user_type', 'id_grup', 'business_activated', 'is_approved_kyc'])
    .where('id', '=', agentId)
    .executeTakeFirstOrThrow();
  const reg = await services.db
    .selectFrom('registrations')
    .selectAll()
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  const docs = reg
    ? await services.db
        .selectFrom('registration_documents')
        .select('kind')
        .where('registration_id', '=', reg.id)
        .orderBy('kind')
        .execute()
    : [];
  return {
    ...agent,
    registration: reg
      ? {
          kind: reg.kind,
          status: reg.status,
          reason: reg.reason,
          fields: typeof reg.fields === 'string' ? JSON.parse(reg.fields) : reg.fields,
          documents: docs.map((d) => d.kind),
          submitted_at: reg.submitted_at ? reg.submitted_at.toISOString() : null,
        }
      : null,
  };
}

function requireMainUser(actor: UserActor) {
  if (actor.auth.user.parent_user_id !== null)
    throw new ApiError(RC.ACCESS_DENIED, 'common.errors.accessDenied');
}

/** Only an agent still signing up, or a business whose request is a draft or was rejected, may (re)send its fields. */
async function assertEditable(services: Services, agentId: number, kind: 'PERSONAL' | 'BUSINESS') {
  const state = await registrationState(services, agentId);
  const reg = state.registration;
  if (!state.status_reg && (!reg || reg.status === 'rejected' || reg.status === 'draft')) return;
  if (reg && reg.kind === kind && (reg.status === 'draft' || reg.status === 'rejected')) return;
  // An unactivated business (group 3) created before sign-up existed has no registration yet:
  // it completes the business one to ask for activation.
  if (!reg && kind === 'BUSINESS' && state.id_grup === 3 && !state.business_activated) return;
  throw refused('signup.errors.notEditable');
}

/** POST /signup/personal: the identity of a personal agent; it waits for KYC review. */
export async function registerPersonal(
  services: Services,
  actor: UserActor,
  fields: PersonalFields,
) {
  requireMainUser(actor);
  const agentId = actor.auth.agent.id;
  await assertEditable(services, agentId, 'PERSONAL');
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('registrations')
      .values({
        agent_id: agentId,
        kind: 'PERSONAL',
        fields: JSON.stringify(fields),
        status: 'waiting',
        submitted_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('agent_id').doUpdateSet({
          kind: 'PERSONAL',
          fields: JSON.stringify(fields),
          status: 'waiting',
          reason: null,
          submitted_at: now,
          updated_at: now,
        }),
      )
      .execute();
    await trx
      .updateTable('agents')
      .set({ status_reg: true, nama_agen: fields.nama, user_type: 'Personal END USER' })
      .where('id', '=', agentId)
      .execute();
    await writeAudit(trx, {
      at: now,
      agentId,
      userId: actor.auth.user.id,
      username: actor.auth.user.username,
      action: 'registration_personal',
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
  return registrationState(services, agentId);
}

export interface UploadedDocument {
  kind: DocumentKind;
  mime: ImageMime;
  bytes: Buffer;
}

/**
 * Reads the business form (multipart): text fields and one image per document kind. Each file is
 * read to at most MAX_DOCUMENT_BYTES (a larger one is refused, not truncated) and must be an image
 * by its bytes all the way through (`documentImage`: decoded and rebuilt like the NMID photos).
 */
export async function readBusinessForm(
  parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>,
): Promise<{ fields: Record<string, string>; documents: UploadedDocument[] }> {
  const fields: Record<string, string> = {};
  const documents: UploadedDocument[] = [];
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && part.value.length <= 1000)
        fields[part.fieldname] = part.value;
      continue;
    }
    const file = part as MultipartFile;
    const kind = BUSINESS_DOCUMENTS.find((k) => k === file.fieldname);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of file.file) {
      size += (chunk as Buffer).length;
      if (size <= MAX_DOCUMENT_BYTES) chunks.push(chunk as Buffer);
    }
    if (!kind) continue;
    if (file.file.truncated || size > MAX_DOCUMENT_BYTES)
      throw validationError('signup.errors.documentTooLarge', { name: kind.toUpperCase() });
    if (size === 0) continue;
    const bytes = Buffer.concat(chunks);
    const image = documentImage(bytes);
    if (!image)
      throw validationError('signup.errors.documentNotImage', { name: kind.toUpperCase() });
    documents.push({ kind, mime: image.mime, bytes: image.bytes });
  }
  return { fields, documents };
}

/**
 * POST /signup/business: the business's fields and documents. The agent becomes an unactivated
 * business of group 3 (spec 01 §2, 02 §1); its request is a draft until it asks for activation.
 * A resubmission after a rejection replaces the fields and the documents it sends.
 */
export async function registerBusiness(
  services: Services,
  actor: UserActor,
  input: { fields: BusinessFields; documents: UploadedDocument[] },
) {
  requireMainUser(actor);
  const agentId = actor.auth.agent.id;
  await assertEditable(services, agentId, 'BUSINESS');
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    const reg = await trx
      .insertInto('registrations')
      .values({
        agent_id: agentId,
        kind: 'BUSINESS',
        fields: JSON.stringify(input.fields),
        status: 'draft',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('agent_id').doUpdateSet({
          kind: 'BUSINESS',
          fields: JSON.stringify(input.fields),
          updated_at: now,
        }),
      )
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
    for (const doc of input.documents) {
      await trx
        .insertInto('registration_documents')
        .values({
          registration_id: reg.id,
          kind: doc.kind,
          mime: doc.mime,
          size: doc.bytes.length,
          bytes: doc.bytes,
          created_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['registration_id', 'kind']).doUpdateSet({
            mime: doc.mime,
            size: doc.bytes.length,
            bytes: doc.bytes,
            created_at: now,
          }),
        )
        .execute();
    }
    const have = await trx
      .selectFrom('registration_documents')
      .select('kind')
      .where('registration_id', '=', reg.id)
      .execute();
    const missing = BUSINESS_DOCUMENTS.find((k) => !have.some((h) => h.kind === k));
    if (missing)
      throw validationError('signup.errors.documentRequired', { name: missing.toUpperCase() });
    await trx
      .updateTable('agents')
      .set({
        status_reg: true,
        user_type: 'Business',
        id_grup: 3,
        business_activated: false,
        enable_api: false,
        nama_agen: input.fields.nama_usaha,
      })
      .where('id', '=', agentId)
      .execute();
    await writeAudit(trx, {
      at: now,
      agentId,
      userId: actor.auth.user.id,
      username: actor.auth.user.username,
      action: 'registration_business',
      detail: { documents: input.documents.map((d) => ({ kind: d.kind, size: d.bytes.length })) },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
  return registrationState(services, agentId);
}

/**
 * POST /signup/activation: an unactivated business asks for activation (a draft) or asks again
 * (after a rejection). One conditional UPDATE: a request already waiting is not sent twice.
 */
export async function requestActivation(services: Services, actor: UserActor) {
  requireMainUser(actor);
  const agentId = actor.auth.agent.id;
  const now = services.now();
  const sent = await services.db
    .updateTable('registrations')
    .set({ status: 'waiting', reason: null, submitted_at: now, updated_at: now })
    .where('agent_id', '=', agentId)
    .where('kind', '=', 'BUSINESS')
    .where('status', 'in', ['draft', 'rejected'])
    .returning('id')
    .executeTakeFirst();
  if (!sent) {
    const state = await registrationState(services, agentId);
    if (state.registration?.kind !== 'BUSINESS') throw refused('signup.errors.registerFirst');
    throw refused(
      state.registration.status === 'waiting'
        ? 'signup.errors.alreadyWaiting'
        : 'signup.errors.alreadyActive',
    );
  }
  await writeAudit(services.db, {
    at: now,
    agentId,
    userId: actor.auth.user.id,
    username: actor.auth.user.username,
    action: 'activation_requested',
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return registrationState(services, agentId);
}
