import { sql } from 'kysely';
import { notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { ConsoleReviewer } from '../../platform/staff/reviewer';
import type { RegistrationStatus } from '../signup/tables';
import { auditConsole } from './audit';

/**
 * Registrations and KYC to review. Approving a business activates it: group 6
 * (the full overview, spec 01 §6), API enabled, KYC approved, `business_activated`; approving a
 * personal registration approves its KYC. Rejecting keeps the agent as it is with the reason, which
 * the merchant's activation prompt shows. Decisions are one conditional UPDATE each (a request
 * decided twice in parallel is decided once) with the agent change and the audit row in the same
 * transaction.
 */
type Db = Services['db'];
const REASON_MAX = 500;

export interface RegistrationRow {
  id: number;
  agentId: number;
  username: string;
  namaAgen: string;
  kind: 'PERSONAL' | 'BUSINESS';
  status: RegistrationStatus;
  reason: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  fields: Record<string, string>;
  documents: { kind: string; mime: string; size: number }[];
}

export async function listRegistrations(
  db: Db,
  filter: { status?: RegistrationStatus; agentId?: number },
): Promise<RegistrationRow[]> {
  let q = db
    .selectFrom('registrations as r')
    .innerJoin('agents as a', 'a.id', 'r.agent_id')
    .select([
      'r.id',
      'r.agent_id',
      'a.username',
      'a.nama_agen',
      'r.kind',
      'r.status',
      'r.reason',
      'r.submitted_at',
      'r.decided_at',
      'r.fields',
      sql<unknown>`(select coalesce(json_agg(json_build_object('kind', d.kind, 'mime', d.mime, 'size', d.size) order by d.kind), '[]'::json) from registration_documents d where d.registration_id = r.id)`.as(
        'documents',
      ),
    ])
    .orderBy('r.submitted_at', 'asc')
    .orderBy('r.id', 'asc')
    .limit(200);
  if (filter.status) q = q.where('r.status', '=', filter.status);
  if (filter.agentId !== undefined) q = q.where('r.agent_id', '=', filter.agentId);
  const rows = await q.execute();
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return rows.map((r) => ({
    id: r.id,
    agentId: r.agent_id,
    username: r.username,
    namaAgen: r.nama_agen,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    submittedAt: r.submitted_at ? r.submitted_at.toISOString() : null,
    decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
    fields: json(r.fields) as Record<string, string>,
    documents: json(r.documents) as RegistrationRow['documents'],
  }));
}

export async function registrationDocument(db: Db, id: number, kind: string) {
  return db
    .selectFrom('registration_documents as d')
    .innerJoin('registrations as r', 'r.id', 'd.registration_id')
    .select(['d.mime', 'd.bytes', 'r.agent_id'])
    .where('d.registration_id', '=', id)
    .where('d.kind', '=', kind)
    .executeTakeFirst();
}

async function one(db: Db, id: number) {
  const [row] = await listRegistrations(db, {}).then((rows) => rows.filter((r) => r.id === id));
  if (row) return row;
  const direct = await db
    .selectFrom('registrations')
    .select('agent_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!direct) throw notFound('console.errors.registrationNotFound');
  const [found] = await listRegistrations(db, { agentId: direct.agent_id });
  if (!found) throw notFound('console.errors.registrationNotFound');
  return found;
}

export async function approveRegistration(
  services: Pick<Services, 'db' | 'now'>,
  reviewer: ConsoleReviewer,
  input: { id: number },
): Promise<RegistrationRow> {
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    const reg = await trx
      .updateTable('registrations')
      .set({
        status: 'approved',
        reason: null,
        decided_at: now,
        decided_by: reviewer.staffId,
        updated_at: now,
      })
      .where('id', '=', input.id)
      .where('status', '=', 'waiting')
      .returning(['agent_id', 'kind'])
      .executeTakeFirst();
    if (!reg) {
      const exists = await trx
        .selectFrom('registrations')
        .select('id')
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!exists) throw notFound('console.errors.registrationNotFound');
      throw refused('console.errors.notWaiting');
    }
    await trx
      .updateTable('agents')
      .set(
        reg.kind === 'BUSINESS'
          ? { id_grup: 6, enable_api: true, is_approved_kyc: true, business_activated: true }
          : { is_approved_kyc: true },
      )
      .where('id', '=', reg.agent_id)
      .execute();
    await auditConsole(trx, reviewer, {
      action: 'registration_approve',
      agentId: reg.agent_id,
      target: String(input.id),
      detail: { kind: reg.kind },
      at: now,
    });
  });
  return one(services.db, input.id);
}

export async function rejectRegistration(
  services: Pick<Services, 'db' | 'now'>,
  reviewer: ConsoleReviewer,
  input: { id: number; reason: string },
): Promise<RegistrationRow> {
  const reason = input.reason.trim();
  if (!reason || reason.length > REASON_MAX) throw validationError('console.errors.reason');
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    const reg = await trx
      .updateTable('registrations')
      .set({
        status: 'rejected',
        reason,
        decided_at: now,
        decided_by: reviewer.staffId,
        updated_at: now,
      })
      .where('id', '=', input.id)
      .where('status', '=', 'waiting')
      .returning(['agent_id', 'kind'])
      .executeTakeFirst();
    if (!reg) {
      const exists = await trx
        .selectFrom('registrations')
        .select('id')
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!exists) throw notFound('console.errors.registrationNotFound');
      throw refused('console.errors.notWaiting');
    }
    await auditConsole(trx, reviewer, {
      action: 'registration_reject',
      agentId: reg.agent_id,
      target: String(input.id),
      detail: { kind: reg.kind, reason },
      at: now,
    });
  });
  return one(services.db, input.id);
}
