import { z } from 'zod';
import type { AccessRequirement } from '../domain/access-rule';

/** READ (menu) and ADD (form) on data_nmid, API enabled (spec 03 §6). */
export const NMID_ACCESS = {
  read: { permission: { module: 'data_nmid', action: 'READ' }, apiEnabled: true },
  add: {
    permission: { module: 'data_nmid', action: 'ADD' },
    alsoPermissions: [{ module: 'data_nmid', action: 'READ' }],
    apiEnabled: true,
  },
} as const satisfies Record<string, AccessRequirement>;

export const NMID_TYPES = ['QRIS Danamon', 'QRIS Statis', 'Shopeepay'] as const;
export type NmidType = (typeof NMID_TYPES)[number];

/** The four photos, in the spec's order, with the message of a missing one (§5.9). */
export const NMID_IMAGES = ['gambar_depan', 'gambar_dalam', 'gambar_pembeli', 'foto_ktp'] as const;
export type NmidImage = (typeof NMID_IMAGES)[number];
export const NMID_IMAGE_MISSING: Record<NmidImage, string> = {
  gambar_depan: 'nmid.missingFront',
  gambar_dalam: 'nmid.missingInside',
  gambar_pembeli: 'nmid.missingBuyer',
  foto_ktp: 'nmid.missingKtp',
};

export const NMID_LIMITS = {
  /** One photo: 5 MB (spec 03 §5.9). */
  maxImageBytes: 5_242_880,
  /** The largest picture we accept (pixels): bigger ones are refused before decoding. */
  maxPixels: 40_000_000,
  textMax: 255,
} as const;

/** 0 New, 1 In process, 2 Approved, 3 Rejected. */
export const NMID_STATUS = { new: 0, process: 1, approved: 2, rejected: 3 } as const;

const invalid = 'nmid.invalid';

/** A real calendar date from 1900 (a birth date: older than the general 2000 bound). */
function isBirthDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < '1900-01-01' || text > '2100-12-31') return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}
const text = (max: number = NMID_LIMITS.textMax) =>
  z.string({ error: invalid }).trim().min(1, invalid).max(max, invalid);
const digits = (min: number, max: number) =>
  z
    .string({ error: invalid })
    .trim()
    .regex(new RegExp(`^\\d{${min},${max}}$`), invalid);

/** The text fields of POST data/create_nmid, in the spec's validation order (§5.9). */
export const createNmidFields = z.object({
  username: z.string().max(254).default(''),
  nama_nmid: z.enum(NMID_TYPES, { error: 'nmid.chooseType' }),
  nama: text(),
  no_ktp: digits(16, 16),
  tempat_lahir: text(),
  no_npwp: digits(15, 16),
  tgl_lahir: z
    .string({ error: invalid })
    .trim()
    .refine((v) => isBirthDate(v), invalid),
  no_hp: digits(8, 15),
  jenis_usaha: text(),
  nama_aplikasi: text(),
  email: z.string({ error: invalid }).trim().max(254, invalid).email(invalid),
  nama_usaha: text(),
  alamat_usaha: text(500),
  kabupaten: text(),
  kode_pos: digits(5, 5),
  pendapatan: text(),
  url_website: z
    .string()
    .trim()
    .max(500, 'nmid.badUrl')
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'nmid.badUrl')
    .default(''),
  recaptcha: z.string().max(4096).default(''),
});
export type CreateNmidFields = z.infer<typeof createNmidFields>;

export const nmidImageQuery = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  which: z.enum(NMID_IMAGES),
});

export const nmidStickerQuery = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  format: z.enum(['png', 'pdf']).default('png'),
});
