import { sql } from 'kysely';
import { b, type DataSource, n, s, tenant } from './kit';

export const settingAccountFavouriteSource: DataSource = {
  from: () => sql`favourite_accounts fa`,
  where: tenant('fa'),
  columns: () => ({
    // The page's id_accounts is the row's id: the toggle action names the row by it.
    id_accounts: n(sql`fa.id`),
    accountname: s(sql`fa.accountname`),
    accountnumber: s(sql`fa.accountnumber`),
    namabank: s(sql`fa.namabank`),
    type: s(sql`fa.type`),
    is_active: b(sql`fa.is_active`),
  }),
  tiebreak: sql`fa.id`,
};
