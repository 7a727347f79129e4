/**
 * Real photos for the demo history's NMID requests. The history inserts the rows with placeholder
 * names only; the console would show four broken images. Here each request gets four small PNG
 * pictures (a storefront, an inside, a buyer and an ID card, drawn as coloured shapes), stored the
 * way an upload is (`nmid/<agent>/<random>.png`, read by `readStoredImage`), and its row points at
 * them. Pure drawing plus one write per file; runs only where the history was seeded.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { NMID_IMAGES, type NmidImage } from '@gerbang/shared/contract/nmid';
import type { Services } from '../http/services';
import { crc32 } from '../modules/nmid/images';

const WIDTH = 320;
const HEIGHT = 240;

type Rgb = readonly [number, number, number];
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  color: Rgb;
}

/** Each photo: a background and a few boxes, enough to tell the four apart at a glance. */
const PICTURES: Record<NmidImage, { background: Rgb; boxes: Box[] }> = {
  gambar_depan: {
    background: [186, 220, 245],
    boxes: [
      { x: 40, y: 70, w: 240, h: 150, color: [222, 184, 135] },
      { x: 30, y: 50, w: 260, h: 30, color: [200, 60, 50] },
      { x: 130, y: 140, w: 60, h: 80, color: [110, 70, 40] },
      { x: 60, y: 110, w: 50, h: 40, color: [235, 245, 255] },
      { x: 210, y: 110, w: 50, h: 40, color: [235, 245, 255] },
    ],
  },
  gambar_dalam: {
    background: [245, 235, 215],
    boxes: [
      { x: 0, y: 170, w: 320, h: 70, color: [160, 120, 80] },
      { x: 30, y: 40, w: 110, h: 100, color: [120, 90, 60] },
      { x: 180, y: 40, w: 110, h: 100, color: [120, 90, 60] },
      { x: 100, y: 130, w: 120, h: 50, color: [90, 60, 40] },
    ],
  },
  gambar_pembeli: {
    background: [230, 240, 230],
    boxes: [
      { x: 135, y: 40, w: 50, h: 50, color: [225, 180, 150] },
      { x: 115, y: 95, w: 90, h: 120, color: [40, 110, 180] },
      { x: 20, y: 150, w: 80, h: 70, color: [120, 90, 60] },
      { x: 230, y: 160, w: 60, h: 40, color: [250, 250, 250] },
    ],
  },
  foto_ktp: {
    background: [70, 130, 190],
    boxes: [
      { x: 20, y: 20, w: 280, h: 30, color: [240, 240, 240] },
      { x: 220, y: 70, w: 80, h: 110, color: [200, 60, 50] },
      { x: 20, y: 70, w: 180, h: 12, color: [240, 240, 240] },
      { x: 20, y: 95, w: 160, h: 12, color: [240, 240, 240] },
      { x: 20, y: 120, w: 170, h: 12, color: [240, 240, 240] },
      { x: 20, y: 145, w: 120, h: 12, color: [240, 240, 240] },
    ],
  },
};

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** One picture as an 8-bit RGB PNG (filter 0 on every row). */
export function demoPhotoPng(which: NmidImage): Buffer {
  const { background, boxes } = PICTURES[which];
  const stride = WIDTH * 3 + 1;
  const raw = Buffer.alloc(stride * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let color = background;
      for (const b of boxes) {
        if (x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h) color = b.color;
      }
      raw.set(color, y * stride + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Gives every NMID request whose photos are placeholders (not stored paths) four real photos. */
export async function seedDemoNmidPhotos(services: Pick<Services, 'db' | 'config'>) {
  const rows = await services.db
    .selectFrom('nmid_requests')
    .select(['id', 'agent_id', 'images'])
    .execute();
  for (const row of rows) {
    const images = (row.images ?? {}) as Partial<Record<NmidImage, string>>;
    if (NMID_IMAGES.every((which) => images[which]?.startsWith('nmid/'))) continue;
    const dir = path.join(services.config.uploadDir, 'nmid', String(row.agent_id));
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const stored: Record<string, string> = {};
    for (const which of NMID_IMAGES) {
      const name = `${randomBytes(16).toString('hex')}.png`;
      await writeFile(path.join(dir, name), demoPhotoPng(which), { mode: 0o600 });
      stored[which] = `nmid/${row.agent_id}/${name}`;
    }
    await services.db
      .updateTable('nmid_requests')
      .set({ images: JSON.stringify(stored) })
      .where('id', '=', row.id)
      .execute();
  }
}
