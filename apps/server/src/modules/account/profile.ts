import {
  type AccountProfileDto,
  type AccountTypeLabel,
  BUSINESS_STATUS_ACTIVE,
  type BusinessProfileDto,
  type PersonalProfileDto,
} from '@gerbang/shared';
import { sql } from 'kysely';
import type { AuthContext } from '../../http/auth-context';
import { notFound } from '../../http/errors';
import type { Services } from '../../http/services';

/** Spec 01 §2: Bisnis when business data exists, else Personal for an end user, else Personal H2H. */
export function accountTypeOf(hasBusiness: boolean, userType: string): AccountTypeLabel {
  if (hasBusiness) return 'Bisnis';
  return userType === 'Personal END USER' ? 'Personal' : 'Personal H2H';
}

export function affiliationLinks(
  template: { web: string; android: string },
  code: string | null,
): AccountProfileDto['affiliation'] {
  if (!code) return null;
  const fill = (url: string) => url.replaceAll('{code}', encodeURIComponent(code));
  return { web: fill(template.web), android: fill(template.android) };
}

/**
 * A Business agent that has not filled its business data yet (a fresh account) still has a My
 * Data tab: its agent name and every other field empty, not "Data Not Found".
 */
function emptyBusinessProfile(auth: AuthContext): BusinessProfileDto {
  const blank = null;
  return {
    nama_perusahaan: auth.agent.nama_agen,
    alamat_perusahaan: blank,
    telp_perusahaan: blank,
    email_perusahaan: blank,
    npwp_perusahaan: blank,
    website_produk: blank,
    nama_pemilik: blank,
    no_ktp_pemilik: blank,
    npwp_pemilik: blank,
    nama_cp: blank,
    jabatan_cp: blank,
    no_telp_cp: blank,
    email_cp: blank,
    nama_bank: blank,
    cabang_bank: blank,
    nama_rek_bank: blank,
    no_rek_bank: blank,
    status: auth.agent.business_activated ? BUSINESS_STATUS_ACTIVE : 1,
  };
}

/**
 * GET data/account_profile: the my-data tab of the caller's agent. A sub-user sees its agent's
 * data (it acts for that business). Neither business nor personal data: "Data Not Found".
 */
export async function loadAccountProfile(
  services: Pick<Services, 'db' | 'config'>,
  auth: AuthContext,
): Promise<AccountProfileDto> {
  const { db, config } = services;
  const [business, personal] = await Promise.all([
    db
      .selectFrom('business_profiles')
      .select([
        'nama_perusahaan',
        'alamat_perusahaan',
        'telp_perusahaan',
        'email_perusahaan',
        'npwp_perusahaan',
        'website_produk',
        'nama_pemilik',
        'no_ktp_pemilik',
        'npwp_pemilik',
        'nama_cp',
        'jabatan_cp',
        'no_telp_cp',
        'email_cp',
        'nama_bank',
        'cabang_bank',
        'nama_rek_bank',
        'no_rek_bank',
        'status',
      ])
      .where('agent_id', '=', auth.agent.id)
      .executeTakeFirst(),
    db
      .selectFrom('personal_profiles')
      .select([
        'nama_customer',
        'email',
        'no_hp',
        sql<string | null>`to_char(tgl_lahir, 'YYYY-MM-DD')`.as('tgl_lahir'),
        'alamat_lengkap',
        'max_limit',
        'mgm_ref_code',
      ])
      .where('agent_id', '=', auth.agent.id)
      .executeTakeFirst(),
  ]);
  if (!business && !personal && auth.agent.user_type !== 'Business') {
    throw notFound('account.dataNotFound');
  }

  const businessData =
    (business as BusinessProfileDto | undefined) ??
    (!personal && auth.agent.user_type === 'Business' ? emptyBusinessProfile(auth) : undefined);
  const referralCode = auth.agent.referral_code;
  return {
    account_type: accountTypeOf(businessData !== undefined, auth.agent.user_type),
    user_type: auth.agent.user_type,
    user: {
      id: auth.user.id,
      username: auth.user.username,
      nama: auth.user.nama,
      is_main_user: auth.user.parent_user_id === null,
    },
    agent: {
      id_agen: auth.agent.id,
      nama_agen: auth.agent.nama_agen,
      username: auth.agent.username,
      email: auth.agent.email,
      id_grup: auth.agent.id_grup,
    },
    personal: (personal as PersonalProfileDto | undefined) ?? null,
    business: businessData ?? null,
    upgrade_prompt: businessData !== undefined && businessData.status !== BUSINESS_STATUS_ACTIVE,
    referral_code: referralCode,
    affiliation: affiliationLinks(
      { web: config.affiliateWebUrl, android: config.affiliateAndroidUrl },
      referralCode,
    ),
  };
}
