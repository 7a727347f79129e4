import type { Insertable } from 'kysely';
import type { AgentsTable } from '../db/schema';

export const DEMO_PASSWORD = 'Gerbang#Demo2026';

export interface DemoUser {
  username: string;
  nama: string;
  /** Who this login demonstrates, printed at start. */
  role: string;
  agent: Omit<Insertable<AgentsTable>, 'username' | 'email'> & { username?: string };
  /** Username of the main user this sub-user belongs to. */
  parentOf?: string;
  /** Module actions denied to this user, as `module:ACTION`. */
  denied?: string[];
  /** Username of the aggregator this agent is a member of. */
  memberOf?: string;
}

/** The demo logins (all with DEMO_PASSWORD), plus aggregator members and a signup-stage user. */
export const DEMO_USERS: DemoUser[] = [
  {
    username: 'partner@demo.id',
    nama: 'Rina Wulandari',
    role: 'Business partner, group 6, API enabled, KYC approved (main user)',
    agent: {
      nama_agen: 'PT Nusantara Digital Niaga',
      id_grup: 6,
      user_type: 'Business',
      enable_api: true,
      is_approved_kyc: true,
      status_reg: true,
      rule_show_balance: 1,
      referral_code: 'NDN2026',
    },
  },
  {
    username: 'staff@demo.id',
    nama: 'Budi Santoso',
    role: 'Sub-user of partner, some actions denied',
    agent: { nama_agen: '', id_grup: 6, user_type: 'Business', username: 'partner@demo.id' },
    parentOf: 'partner@demo.id',
    denied: [
      'data_callback:READ',
      'credential:READ',
      'credential:UPDATE',
      'request_payment:ADD',
      'reset_password:UPDATE',
      // Scheduling payouts is granted per sub-user (finance may, staff may not).
      'single_disbursement:SCHEDULE',
      // Reconciliation is the main user's and finance's.
      'reconciliation:READ',
      'reconciliation:UPDATE',
      'reconcile_write_off:APPROVE',
      // Staff may not release a payout held for a beneficiary name mismatch.
      'name_mismatch:OVERRIDE',
    ],
  },
  {
    // With the main user and staff, three people of one merchant, so a payout can be
    // made by one and approved by two others (six-eyes).
    username: 'finance@demo.id',
    nama: 'Sari Lestari',
    role: 'Sub-user of partner, second approver of payouts',
    agent: { nama_agen: '', id_grup: 6, user_type: 'Business', username: 'partner@demo.id' },
    parentOf: 'partner@demo.id',
    // Finance reconciles (matches by hand) but may not write off.
    denied: [
      'credential:READ',
      'credential:UPDATE',
      'approval_policy:UPDATE',
      'reconcile_write_off:APPROVE',
    ],
  },
  {
    username: 'aggregator@demo.id',
    nama: 'Hendra Gunawan',
    role: 'Aggregator, group 11, API enabled, 3 member merchants',
    agent: {
      nama_agen: 'PT Agregator Pembayaran Indonesia',
      id_grup: 11,
      user_type: 'Business',
      enable_api: true,
      is_approved_kyc: true,
      status_reg: true,
      rule_show_balance: 1,
      referral_code: 'API2026',
    },
  },
  {
    username: 'enduser@demo.id',
    nama: 'Siti Rahmawati',
    role: 'Personal END USER, group 6',
    agent: {
      nama_agen: 'Siti Rahmawati',
      id_grup: 6,
      user_type: 'Personal END USER',
      enable_api: false,
      status_reg: true,
      rule_show_balance: 1,
    },
  },
  {
    username: 'h2h@demo.id',
    nama: 'Agus Prasetyo',
    role: 'Personal H2H, API enabled',
    agent: {
      nama_agen: 'Agus Prasetyo',
      id_grup: 6,
      user_type: 'Personal H2H',
      enable_api: true,
      is_approved_kyc: true,
      status_reg: true,
      rule_show_balance: 2,
    },
  },
  {
    username: 'newbiz@demo.id',
    nama: 'Dewi Lestari',
    role: 'Agent group 3, business not activated',
    agent: {
      nama_agen: 'CV Usaha Baru Lestari',
      id_grup: 3,
      user_type: 'Business',
      enable_api: false,
      business_activated: false,
      status_reg: true,
    },
  },
  {
    username: 'agent5@demo.id',
    nama: 'Yusuf Hidayat',
    role: 'Agent group 5 (no deposit link)',
    agent: {
      nama_agen: 'Koperasi Agen Hidayat',
      id_grup: 5,
      user_type: 'Business',
      enable_api: true,
      is_approved_kyc: true,
      status_reg: true,
    },
  },
  {
    username: 'fresh@demo.id',
    nama: 'Indra Kusuma',
    role: 'Business, group 6, activated, no history yet (balance Rp 0)',
    agent: {
      nama_agen: 'PT Kusuma Baru Mandiri',
      id_grup: 6,
      user_type: 'Business',
      enable_api: true,
      is_approved_kyc: true,
      status_reg: true,
      rule_show_balance: 1,
    },
  },
  {
    username: 'signup@demo.id',
    nama: 'Fajar Nugroho',
    role: 'Group 6, registration incomplete (PERSONAL / BUSINESS landing)',
    agent: {
      nama_agen: 'Fajar Nugroho',
      id_grup: 6,
      user_type: 'Personal END USER',
      status_reg: false,
    },
  },
  ...[
    ['toko.makmur@demo.id', 'Toko Sembako Makmur', 'Lukman Hakim'],
    ['kopi.senja@demo.id', 'Warung Kopi Senja', 'Maya Sari'],
    ['apotek.sehat@demo.id', 'Apotek Sehat Sentosa', 'Rudi Hartono'],
  ].map(([username, nama_agen, nama]) => ({
    username,
    nama,
    role: 'Member merchant of aggregator',
    agent: {
      nama_agen,
      id_grup: 6,
      user_type: 'Business' as const,
      enable_api: true,
      is_approved_kyc: true,
      status_reg: true,
    },
    memberOf: 'aggregator@demo.id',
  })),
];

/** The logins printed at start (members are reachable but not advertised). */
export const PRINTED_DEMO_USERS = DEMO_USERS.filter(
  (u) => u.role !== 'Member merchant of aggregator',
);
