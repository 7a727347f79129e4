import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BusinessProfilesTable, PersonalProfilesTable } from '../modules/account/tables';

type Business = Omit<Insertable<BusinessProfilesTable>, 'agent_id'>;
type Personal = Omit<Insertable<PersonalProfilesTable>, 'agent_id'>;

const BCA = { nama_bank: 'BCA', cabang_bank: 'KCU Sudirman, Jakarta' };

/** Business data of the demo agents (status 2 active; newbiz is 1, waiting for activation). */
const BUSINESS: Record<string, Business> = {
  'partner@demo.id': {
    nama_perusahaan: 'PT Nusantara Digital Niaga',
    alamat_perusahaan:
      'Jl. Jend. Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan 12190',
    telp_perusahaan: '021-5150-8800',
    email_perusahaan: 'finance@nusantaradigital.co.id',
    npwp_perusahaan: '01.234.567.8-012.000',
    website_produk: 'https://nusantaradigital.co.id',
    nama_pemilik: 'Rina Wulandari',
    no_ktp_pemilik: '3174055203850004',
    npwp_pemilik: '45.678.901.2-013.000',
    nama_cp: 'Rina Wulandari',
    jabatan_cp: 'Direktur Keuangan',
    no_telp_cp: '0812-1000-2026',
    email_cp: 'rina@nusantaradigital.co.id',
    ...BCA,
    nama_rek_bank: 'PT Nusantara Digital Niaga',
    no_rek_bank: '5270 881 234',
    status: 2,
  },
  'aggregator@demo.id': {
    nama_perusahaan: 'PT Agregator Pembayaran Indonesia',
    alamat_perusahaan:
      'Gedung Cyber 2 Lt. 18, Jl. H.R. Rasuna Said Blok X-5, Kuningan, Jakarta Selatan 12950',
    telp_perusahaan: '021-2902-1100',
    email_perusahaan: 'ops@agregatorpembayaran.id',
    npwp_perusahaan: '02.345.678.9-063.000',
    website_produk: 'https://agregatorpembayaran.id',
    nama_pemilik: 'Hendra Gunawan',
    no_ktp_pemilik: '3171021108790003',
    npwp_pemilik: '56.789.012.3-063.000',
    nama_cp: 'Hendra Gunawan',
    jabatan_cp: 'Direktur Utama',
    no_telp_cp: '0811-900-1122',
    email_cp: 'hendra@agregatorpembayaran.id',
    nama_bank: 'Bank Mandiri',
    cabang_bank: 'KC Jakarta Kuningan',
    nama_rek_bank: 'PT Agregator Pembayaran Indonesia',
    no_rek_bank: '124-00-0987654-3',
    status: 2,
  },
  'newbiz@demo.id': {
    nama_perusahaan: 'CV Usaha Baru Lestari',
    alamat_perusahaan: 'Jl. Malioboro No. 118, Sosromenduran, Gedong Tengen, Yogyakarta 55271',
    telp_perusahaan: '0274-512-345',
    email_perusahaan: 'halo@usahabarulestari.id',
    npwp_perusahaan: '03.456.789.0-541.000',
    website_produk: 'https://usahabarulestari.id',
    nama_pemilik: 'Dewi Lestari',
    no_ktp_pemilik: '3471014407920002',
    npwp_pemilik: null,
    nama_cp: 'Dewi Lestari',
    jabatan_cp: 'Pemilik',
    no_telp_cp: '0856-4321-7788',
    email_cp: 'newbiz@demo.id',
    nama_bank: 'BRI',
    cabang_bank: 'KC Yogyakarta Cik Ditiro',
    nama_rek_bank: 'Dewi Lestari',
    no_rek_bank: '0029-01-012345-50-7',
    status: 1,
  },
  'agent5@demo.id': {
    nama_perusahaan: 'Koperasi Agen Hidayat',
    alamat_perusahaan: 'Jl. Pemuda No. 27, Kauman, Semarang Tengah, Kota Semarang 50139',
    telp_perusahaan: '024-354-1200',
    email_perusahaan: 'koperasi@agenhidayat.id',
    npwp_perusahaan: '04.567.890.1-503.000',
    website_produk: null,
    nama_pemilik: 'Yusuf Hidayat',
    no_ktp_pemilik: '3374031509800001',
    npwp_pemilik: '67.890.123.4-503.000',
    nama_cp: 'Yusuf Hidayat',
    jabatan_cp: 'Ketua Koperasi',
    no_telp_cp: '0813-2500-4400',
    email_cp: 'agent5@demo.id',
    nama_bank: 'BNI',
    cabang_bank: 'KC Semarang',
    nama_rek_bank: 'Koperasi Agen Hidayat',
    no_rek_bank: '0198 7654 32',
    status: 2,
  },
  'toko.makmur@demo.id': {
    nama_perusahaan: 'Toko Sembako Makmur',
    alamat_perusahaan: 'Jl. Raya Darmo No. 45, Wonokromo, Surabaya 60241',
    telp_perusahaan: '031-567-8910',
    email_perusahaan: 'toko.makmur@demo.id',
    npwp_perusahaan: null,
    website_produk: null,
    nama_pemilik: 'Lukman Hakim',
    no_ktp_pemilik: '3578062001750005',
    npwp_pemilik: null,
    nama_cp: 'Lukman Hakim',
    jabatan_cp: 'Pemilik',
    no_telp_cp: '0812-3456-1001',
    email_cp: 'toko.makmur@demo.id',
    ...BCA,
    cabang_bank: 'KCU Darmo, Surabaya',
    nama_rek_bank: 'Lukman Hakim',
    no_rek_bank: '0881 223 344',
    status: 2,
  },
  'kopi.senja@demo.id': {
    nama_perusahaan: 'Warung Kopi Senja',
    alamat_perusahaan: 'Jl. Braga No. 12, Sumur Bandung, Kota Bandung 40111',
    telp_perusahaan: '022-420-1212',
    email_perusahaan: 'kopi.senja@demo.id',
    npwp_perusahaan: null,
    website_produk: 'https://instagram.com/kopisenja.bdg',
    nama_pemilik: 'Maya Sari',
    no_ktp_pemilik: '3273016106900003',
    npwp_pemilik: null,
    nama_cp: 'Maya Sari',
    jabatan_cp: 'Pemilik',
    no_telp_cp: '0857-2200-3311',
    email_cp: 'kopi.senja@demo.id',
    nama_bank: 'Bank Mandiri',
    cabang_bank: 'KC Bandung Asia Afrika',
    nama_rek_bank: 'Maya Sari',
    no_rek_bank: '131-00-1122334-5',
    status: 2,
  },
  'apotek.sehat@demo.id': {
    nama_perusahaan: 'Apotek Sehat Sentosa',
    alamat_perusahaan: 'Jl. Gajah Mada No. 88, Petojo Utara, Gambir, Jakarta Pusat 10130',
    telp_perusahaan: '021-633-4455',
    email_perusahaan: 'apotek.sehat@demo.id',
    npwp_perusahaan: '05.678.901.2-028.000',
    website_produk: null,
    nama_pemilik: 'Rudi Hartono',
    no_ktp_pemilik: '3173011203780006',
    npwp_pemilik: '78.901.234.5-028.000',
    nama_cp: 'Rudi Hartono',
    jabatan_cp: 'Apoteker Penanggung Jawab',
    no_telp_cp: '0815-1100-2233',
    email_cp: 'apotek.sehat@demo.id',
    nama_bank: 'BNI',
    cabang_bank: 'KC Gambir',
    nama_rek_bank: 'Apotek Sehat Sentosa',
    no_rek_bank: '0456 7890 12',
    status: 2,
  },
};

/** Personal data of the demo personal users (signup@demo.id has none: "Data Not Found"). */
const PERSONAL: Record<string, Personal> = {
  'enduser@demo.id': {
    nama_customer: 'Siti Rahmawati',
    email: 'enduser@demo.id',
    no_hp: '0812-8765-4321',
    tgl_lahir: '1994-08-17',
    alamat_lengkap: 'Jl. Kaliurang Km 5 No. 21, Caturtunggal, Depok, Sleman, DI Yogyakarta 55281',
    max_limit: 10_000_000,
    mgm_ref_code: 'NDN2026',
  },
  'h2h@demo.id': {
    nama_customer: 'Agus Prasetyo',
    email: 'h2h@demo.id',
    no_hp: '0821-3344-5566',
    tgl_lahir: '1988-03-02',
    alamat_lengkap: 'Jl. Veteran No. 9, Ketawanggede, Lowokwaru, Kota Malang, Jawa Timur 65145',
    max_limit: 50_000_000,
    mgm_ref_code: null,
  },
};

/** Referral codes for the personal demo users, which the user seed leaves empty. */
const REFERRAL_CODES: Record<string, string> = {
  'enduser@demo.id': 'SITI1708',
  'h2h@demo.id': 'AGUS0203',
};

/**
 * The my-data tab's demo data. Idempotent: existing rows are left as they are, so edits made in
 * the demo survive a restart.
 */
export async function seedAccountProfiles(db: Kysely<Database>): Promise<void> {
  const agents = await db
    .selectFrom('agents')
    .select(['id', 'username', 'referral_code'])
    .where('username', 'in', [
      ...Object.keys(BUSINESS),
      ...Object.keys(PERSONAL),
      ...Object.keys(REFERRAL_CODES),
    ])
    .execute();
  for (const agent of agents) {
    const business = BUSINESS[agent.username];
    if (business) {
      await db
        .insertInto('business_profiles')
        .values({ agent_id: agent.id, ...business })
        .onConflict((oc) => oc.column('agent_id').doNothing())
        .execute();
    }
    const personal = PERSONAL[agent.username];
    if (personal) {
      await db
        .insertInto('personal_profiles')
        .values({ agent_id: agent.id, ...personal })
        .onConflict((oc) => oc.column('agent_id').doNothing())
        .execute();
    }
    const code = REFERRAL_CODES[agent.username];
    if (code && !agent.referral_code) {
      await db
        .updateTable('agents')
        .set({ referral_code: code })
        .where('id', '=', agent.id)
        .where('referral_code', 'is', null)
        .execute();
    }
  }
}
