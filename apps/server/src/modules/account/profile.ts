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
  if (!business && !personal) throw notFound('account.dataNotFound');

  const referralCode = auth.agent.referral_code;
  return {
    account_type: accountTypeOf(business !== undefined, auth.agent.user_type),
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
    business: (business as BusinessProfileDto | undefined) ?? null,
    upgrade_prompt: business !== undefined && business.status !== BUSINESS_STATUS_ACTIVE,
    referral_code: referralCode,
    affiliation: affiliationLinks(
      { web: config.affiliateWebUrl, android: config.affiliateAndroidUrl },
      referralCode,
    ),
  };
}
