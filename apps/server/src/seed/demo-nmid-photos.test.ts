import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NMID_IMAGES } from '@gerbang/shared/contract/nmid';
import { describe, expect, it } from 'vitest';
import { sanitizeImage } from '../modules/nmid/images';
import { readStoredImage } from '../modules/nmid/service';
import { demoPhotoPng } from './demo-nmid-photos';

describe('demo NMID photos', () => {
  it('are valid PNGs that pass the upload check unchanged in size', () => {
    for (const which of NMID_IMAGES) {
      const png = demoPhotoPng(which);
      const checked = sanitizeImage(png, 4_000_000);
      expect(checked.ok, which).toBe(true);
      expect(png.readUInt32BE(16)).toBe(320);
      expect(png.readUInt32BE(20)).toBe(240);
    }
    expect(demoPhotoPng('gambar_depan').equals(demoPhotoPng('foto_ktp'))).toBe(false);
  });

  it('are read back by the path the console serves', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'nmid-demo-'));
    try {
      const { writeFile, mkdir } = await import('node:fs/promises');
      await mkdir(path.join(dir, 'nmid', '7'), { recursive: true });
      const name = `${'a'.repeat(32)}.png`;
      await writeFile(path.join(dir, 'nmid', '7', name), demoPhotoPng('foto_ktp'));
      const read = await readStoredImage(dir, `nmid/7/${name}`);
      expect(read.contentType).toBe('image/png');
      expect(read.bytes.equals(await readFile(path.join(dir, 'nmid', '7', name)))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
