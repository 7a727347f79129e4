import { sql } from 'kysely';
import { at, type DataSource, n, s, tenant } from './kit';

export const callbackSource: DataSource = {
  from: () => sql`callbacks c`,
  where: tenant('c'),
  columns: () => ({
    id_callback: n(sql`c.id_callback`),
    id_transaksi: s(sql`c.id_transaksi`),
    time_request: at(sql`c.time_request`),
    date_created: at(sql`c.date_created`),
    date_sent: at(sql`c.date_sent`),
    status_sent: n(sql`c.status_sent`),
    type_callback: s(sql`c.type_callback`),
    url_callback: s(sql`c.url_callback`),
    request_raw: s(sql`c.request_raw`),
    response_raw: s(sql`c.response_raw`),
  }),
  tiebreak: sql`c.id_callback`,
};
