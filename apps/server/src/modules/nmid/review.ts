/**
 * The provider's decisions on NMID requests: service functions with plain inputs
 * the console routes call; each decision is one database transaction with its audit row. Approval
 * records the NMID and issues the merchant's static QRIS (pay-in block, payins/issue.ts), which
 * the merchant downloads as a sticker.
 */

import type { Environment } from '@gerbang/shared';
import { NMID_STATUS, type NmidImage } from '@gerbang/shared/contract/nmid';
import { sql } from 'kysely';
import { notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { type ConsoleReviewer, reviewerAudit } from '../../platform/staff/reviewer';
import { qrisMerchantFor, staticQrisPayloadFor } from '../payins/qris-merchant';
import { readStoredImage } from './service';

type ReviewServices = Pick<Services, 'db' | 'now'>;

export interface NmidRequestView {
  id: number;
  agentId: number;
  agentName: string;
  environment: Environment;
  type: string;
  nama: string;
  tempatLahir: string;
  tglLahir: string;
  noKtp: string;
  noNpwp: string;
  noHp: string;
  jenisUsaha: string;
  namaAplikasi: string;
  urlWebsite: string | null;
  email: string;
  namaUsaha: string;
  alamatUsaha: string;
  kabupaten: string;
  kodePos: string;
  pendapatan: string;
  /** Which photos are stored (the console shows them through `readNmidImage`). */
  images: NmidImage[];
  nmid: string | null;
  status: number;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  rejectReason: string | null;
}

const REASON_MAX = 500;
/** An NMID: ID followed by 10 to 15 digits (the national registry's form, e.g. ID1025380163258). */
const NMID_PATTERN = /^ID\d{10,15}$/;

function baseQuery(db: ReviewServices['db']) {
  return db
    .selectFrom('nmid_requests as nr')
    .innerJoin('agents as a', 'a.id', 'nr.agent_id')
    .selectAll('nr')
    .select(['a.nama_agen', sql<string>`to_char(nr.tgl_lahir, 'YYYY-MM-DD')`.as('tgl_lahir_text')]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function view(r: Row): NmidRequestView {
  return {
    id: Number(r.id),
    agentId: Number(r.agent_id),
    agentName: r.nama_agen,
    environment: r.environment,
    type: r.nama_nmid,
    nama: r.nama,
    tempatLahir: r.tempat_lahir,
    tglLahir: r.tgl_lahir_text,
    noKtp: r.no_ktp,
    noNpwp: r.no_npwp,
    noHp: r.no_hp,
    jenisUsaha: r.jenis_usaha,
    namaAplikasi: r.nama_aplikasi,
    urlWebsite: r.url_website,
    email: r.email,
    namaUsaha: r.nama_usaha,
    alamatUsaha: r.alamat_usaha,
    kabupaten: r.kabupaten,
    kodePos: r.kode_pos,
    pendapatan: r.pendapatan,
    images: Object.keys(r.images ?? {}) as NmidImage[],
    nmid: r.nmid,
    status: r.status,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    decidedBy: r.decided_by,
    rejectReason: r.reject_reason,
  };
}

/** The requests of every merchant (the console's queue), newest first; at most 500. */
export async function listNmidRequests(
  services: Pick<Services, 'db'>,
  filter: { status?: number; agentId?: number },
): Promise<NmidRequestView[]> {
  let q = baseQuery(services.db);
  if (filter.status !== undefined) q = q.where('nr.status', '=', filter.status);
  if (filter.agentId !== undefined) q = q.where('nr.agent_id', '=', filter.agentId);
  const rows = await q.orderBy('nr.id', 'desc').limit(500).execute();
  return rows.map(view);
}

/** Locks a request that is still open (New or In process). */
async function lockOpen(trx: ReviewServices['db'], id: number) {
  const locked = await sql<{ id: number; status: number }>`
    select id, status from nmid_requests where id = ${id} for update`.execute(trx);
  const row = locked.rows[0];
  if (!row) throw notFound('nmid.review.notFound');
  if (row.status !== NMID_STATUS.new && row.status !== NMID_STATUS.process) {
    throw refused('nmid.review.notPending');
  }
  return baseQuery(trx).where('nr.id', '=', id).executeTakeFirstOrThrow();
}

/** Approves an open request with its NMID and issues the merchant's static QRIS. */
export async function approveNmid(
  services: ReviewServices,
  reviewer: ConsoleReviewer,
  input: { id: number; nmid: string },
): Promise<NmidRequestView> {
  const nmid = input.nmid.trim().toUpperCase();
  if (!NMID_PATTERN.test(nmid)) throw validationError('nmid.review.badNmid');
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await lockOpen(trx, input.id);
    const taken = await trx
      .selectFrom('nmid_requests')
      .select('id')
      .where('environment', '=', row.environment)
      .where('nmid', '=', nmid)
      .where('id', '<>', input.id)
      .executeTakeFirst();
    if (taken) throw refused('nmid.review.nmidTaken');
    const merchant = qrisMerchantFor(Number(row.agent_id), {
      name: row.nama_usaha || row.nama_agen,
      nmid,
      city: row.kabupaten,
      postalCode: row.kode_pos,
      revenue: row.pendapatan,
    });
    await trx
      .updateTable('nmid_requests')
      .set({
        status: NMID_STATUS.approved,
        nmid,
        qris_payload: staticQrisPayloadFor(merchant),
        decided_at: now,
        decided_by: reviewer.name,
      })
      .where('id', '=', input.id)
      .execute();
    await writeAudit(trx, {
      ...reviewerAudit(reviewer, row, now),
      action: 'console_nmid_approve',
      detail: { staffId: reviewer.staffId, nmid },
    });
    return view(await baseQuery(trx).where('nr.id', '=', input.id).executeTakeFirstOrThrow());
  });
}

/** Rejects an open request with a reason. */
export async function rejectNmid(
  services: ReviewServices,
  reviewer: ConsoleReviewer,
  input: { id: number; reason: string },
): Promise<NmidRequestView> {
  const reason = input.reason.trim();
  if (!reason || reason.length > REASON_MAX) throw validationError('nmid.review.reason');
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await lockOpen(trx, input.id);
    await trx
      .updateTable('nmid_requests')
      .set({
        status: NMID_STATUS.rejected,
        decided_at: now,
        decided_by: reviewer.name,
        reject_reason: reason,
      })
      .where('id', '=', input.id)
      .execute();
    await writeAudit(trx, {
      ...reviewerAudit(reviewer, row, now),
      action: 'console_nmid_reject',
      detail: { staffId: reviewer.staffId, reason },
    });
    return view(await baseQuery(trx).where('nr.id', '=', input.id).executeTakeFirstOrThrow());
  });
}

/** One stored photo of any request, for the provider's staff (the console checks who asks). */
export async function readNmidImage(
  services: Pick<Services, 'db' | 'config'>,
  input: { requestId: number; which: NmidImage },
): Promise<{ contentType: string; bytes: Buffer; agentId: number }> {
  const row = await services.db
    .selectFrom('nmid_requests')
    .select(['images', 'agent_id'])
    .where('id', '=', input.requestId)
    .executeTakeFirst();
  if (!row) throw notFound('nmid.review.notFound');
  const image = await readStoredImage(services.config.uploadDir, row.images?.[input.which]);
  return { ...image, agentId: Number(row.agent_id) };
}
