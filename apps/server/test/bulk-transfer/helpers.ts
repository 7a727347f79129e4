import { randomBytes } from 'node:crypto';
import type { TestClient } from '../helpers/test-app';
import { DEMO_PASSWORD } from '../helpers/test-app';

export const HEADER = 'bankCode,accountNumber,phone,email,nominal,note';
export const PIN = '123456';

/** A CSV of `count` rows; rows whose 1-based number is in `failing` go to a …9999 account. */
export function csvOf(count: number, failing: number[] = [], nominal = 10_000): string {
  const lines = [HEADER];
  for (let i = 1; i <= count; i++) {
    const account = failing.includes(i)
      ? `55${String(i).padStart(4, '0')}9999`
      : `12${String(i).padStart(8, '0')}`;
    lines.push(`014,${account},0812000${i},p${i}@contoh.co.id,${nominal},gaji ${i}`);
  }
  return `${lines.join('\n')}\n`;
}

export function multipart(filename: string, content: Buffer | string, type = 'text/csv') {
  const boundary = `----gerbang${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([
      Buffer.from(head),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(c: TestClient, name: string, content: Buffer | string, type?: string) {
  const m = multipart(name, content, type);
  return c.post('/transaction/disbursement_upload', m.body, { headers: m.headers });
}

/** Upload → checksum → batch inquiry: the paid rows, ready for the save. */
export async function checkedRows(c: TestClient, csv: string) {
  const up = await upload(c, 'gaji.csv', csv);
  if (up.rc !== '00') throw new Error(`upload: ${up.rd}`);
  const token = await c.post('/transaction/checksum', { password: DEMO_PASSWORD });
  if (token.rc !== '00') throw new Error(`checksum: ${token.rd}`);
  const rows = up.data.rows.map((r: any) => ({
    code: r.bankCode,
    number: r.accountNumber,
    nominal: r.nominal,
    phone: r.phone,
    email: r.email,
    note: r.note,
  }));
  const batch = await c.post('/transaction/cashout_inquiry_bulk', {
    token: token.data.checksum,
    uuid_user: token.data.uuid_user,
    rows,
  });
  if (batch.rc !== '00') throw new Error(`batch: ${batch.rd}`);
  const saved = batch.data.items
    .filter((i: any) => i.status === 'paid')
    .map((row: any) => ({ idtransaksi: row.idtransaksi }));
  return { token: token.data, rows, saved, items: batch.data.items };
}
