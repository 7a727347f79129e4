/**
 * NMID registration (spec 03 §2.10, §3.7, §5.9, §7.7): the merchant's request with four photos.
 * Refusals in the spec's order: the NMID type, the text fields, the missing photos (front, inside,
 * with a buyer, identity card), the captcha, then each photo's size (5 MB) and its bytes (a PNG or
 * JPEG for real, images.ts). Accepted photos are stored without metadata under the upload
 * directory (config, outside the web root) and served only to the owner (routes.ts) and the
 * provider's staff (review.ts `readNmidImage`).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findForbiddenText, wibDate } from '@gerbang/shared';
import {
  createNmidFields,
  NMID_IMAGE_MISSING,
  NMID_IMAGES,
  NMID_LIMITS,
  type NmidImage,
} from '@gerbang/shared/contract/nmid';
import { notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import { type ImageKind, sanitizeImage } from './images';

type NmidServices = Pick<Services, 'db' | 'now' | 'captcha' | 'config'>;

export interface UploadedFile {
  bytes: Buffer;
  /** More than the limit was sent (the reader stopped at the limit). */
  truncated: boolean;
}

export interface CreateNmidInput {
  fields: Record<string, string>;
  files: Partial<Record<NmidImage, UploadedFile>>;
}

const CONTENT_TYPE: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg' };

/** Where a stored photo lives; names are ours (random), never the uploader's. */
export function storedPath(uploadDir: string, relative: string): string | null {
  if (!/^nmid\/\d+\/[a-f0-9]{32}\.(png|jpg)$/.test(relative)) return null;
  return path.join(uploadDir, relative);
}

export async function readStoredImage(
  uploadDir: string,
  relative: string | undefined,
): Promise<{ contentType: string; bytes: Buffer }> {
  const file = relative ? storedPath(uploadDir, relative) : null;
  if (!file) throw notFound('nmid.imageNotFound');
  try {
    const bytes = await readFile(file);
    return { contentType: file.endsWith('.png') ? CONTENT_TYPE.png : CONTENT_TYPE.jpeg, bytes };
  } catch {
    throw notFound('nmid.imageNotFound');
  }
}

export async function createNmid(
  services: NmidServices,
  actor: UserActor,
  input: CreateNmidInput,
): Promise<{ id: number }> {
  if (findForbiddenText(input.fields)) throw validationError('nmid.invalid');
  const parsed = createNmidFields.safeParse(input.fields);
  if (!parsed.success) throw validationError(parsed.error.issues[0]?.message ?? 'nmid.invalid');
  const fields = parsed.data;
  for (const which of NMID_IMAGES) {
    const file = input.files[which];
    if (!file || file.bytes.length === 0) throw validationError(NMID_IMAGE_MISSING[which]);
  }
  if (!actor.auth.isTest && !fields.recaptcha) throw validationError('nmid.captcha');
  const images: Array<{ which: NmidImage; kind: ImageKind; bytes: Buffer }> = [];
  for (const which of NMID_IMAGES) {
    const file = input.files[which] as UploadedFile;
    if (file.truncated || file.bytes.length > NMID_LIMITS.maxImageBytes) {
      throw validationError('nmid.tooBig');
    }
  }
  for (const which of NMID_IMAGES) {
    const file = input.files[which] as UploadedFile;
    const clean = sanitizeImage(file.bytes, NMID_LIMITS.maxPixels);
    if (!clean.ok) throw validationError('nmid.notImage');
    images.push({ which, kind: clean.kind, bytes: clean.bytes });
  }
  if (!actor.auth.isTest) {
    const solved = await services.captcha.verify(fields.recaptcha, {
      now: services.now(),
      allowTestKey: false,
    });
    if (!solved) throw refused('nmid.captchaInvalid');
  }

  const { auth } = actor;
  const dir = path.join(services.config.uploadDir, 'nmid', String(auth.agent.id));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stored: Record<string, string> = {};
  const written: string[] = [];
  try {
    for (const image of images) {
      const name = `${randomBytes(16).toString('hex')}.${image.kind === 'png' ? 'png' : 'jpg'}`;
      const relative = `nmid/${auth.agent.id}/${name}`;
      await writeFile(path.join(dir, name), image.bytes, { mode: 0o600, flag: 'wx' });
      written.push(path.join(dir, name));
      stored[image.which] = relative;
    }
    const now = services.now();
    return await services.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('nmid_requests')
        .values({
          agent_id: auth.agent.id,
          environment: auth.environment,
          user_id: auth.user.id,
          nama_nmid: fields.nama_nmid,
          nama: fields.nama,
          tempat_lahir: fields.tempat_lahir,
          tgl_lahir: fields.tgl_lahir,
          no_ktp: fields.no_ktp,
          no_npwp: fields.no_npwp,
          no_hp: fields.no_hp,
          jenis_usaha: fields.jenis_usaha,
          nama_aplikasi: fields.nama_aplikasi,
          url_website: fields.url_website || null,
          email: fields.email,
          nama_usaha: fields.nama_usaha,
          alamat_usaha: fields.alamat_usaha,
          kabupaten: fields.kabupaten,
          kode_pos: fields.kode_pos,
          pendapatan: fields.pendapatan,
          images: JSON.stringify(stored),
          status: 0,
          created_at: now,
          created_date: wibDate(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        at: now,
        agentId: auth.agent.id,
        userId: auth.user.id,
        username: auth.user.username,
        action: 'nmid_create',
        target: String(row.id),
        detail: { type: fields.nama_nmid },
        ip: actor.ip,
        userAgent: actor.userAgent,
        environment: auth.environment,
      });
      return { id: row.id };
    });
  } catch (error) {
    // Nothing saved: no photo stays behind without its request.
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  }
}

/** One photo of the caller's own request. */
export async function readOwnNmidImage(
  services: NmidServices,
  actor: UserActor,
  input: { id: number; which: NmidImage },
) {
  const row = await services.db
    .selectFrom('nmid_requests')
    .select('images')
    .where('id', '=', input.id)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .executeTakeFirst();
  if (!row) throw notFound('nmid.notFound');
  return readStoredImage(services.config.uploadDir, row.images?.[input.which]);
}
