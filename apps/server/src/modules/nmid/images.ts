/**
 * Uploaded photos are judged by their bytes, never by their name or the browser's content type:
 * a file is accepted only when it parses as a PNG or a baseline/progressive JPEG all the way, and
 * what is stored is a rebuilt copy without metadata (EXIF with GPS, XMP, comments, text chunks,
 * ICC profiles, anything after the image's end). Pure functions; no image library needed.
 *
 * - PNG: the signature, every chunk's length and CRC, IHDR first with sane values, IDAT present,
 *   IEND last; the IDAT stream must inflate to exactly the rows the header announces (each row
 *   starting with a valid filter byte), with the pixel count capped before inflating. Kept chunks:
 *   IHDR, PLTE, tRNS, gAMA, sRGB, pHYs, IDAT, IEND.
 * - JPEG: SOI, well-formed marker segments up to SOS with a frame header (SOF0/1/2) of non-zero
 *   size and 1, 3 or 4 components, Huffman/quantisation tables, entropy data, EOI. Kept segments:
 *   APP0 (JFIF), APP14 (Adobe colour transform), DQT, DHT, DRI, SOFn, SOS and the scan data.
 */
import { inflateSync } from 'node:zlib';

export type ImageKind = 'png' | 'jpeg';
export type SanitizeResult = { ok: true; kind: ImageKind; bytes: Buffer } | { ok: false };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'tRNS', 'gAMA', 'sRGB', 'pHYs', 'IDAT', 'IEND']);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Bits per pixel of a PNG colour type and bit depth; null for an invalid pair. */
function pngBitsPerPixel(colorType: number, depth: number): number | null {
  const allowed: Record<number, { channels: number; depths: number[] }> = {
    0: { channels: 1, depths: [1, 2, 4, 8, 16] },
    2: { channels: 3, depths: [8, 16] },
    3: { channels: 1, depths: [1, 2, 4, 8] },
    4: { channels: 2, depths: [8, 16] },
    6: { channels: 4, depths: [8, 16] },
  };
  const rule = allowed[colorType];
  if (rule?.depths.includes(depth) !== true) return null;
  return rule.channels * depth;
}

/** Bytes of the filtered image data of a non-interlaced or Adam7-interlaced PNG. */
function pngDataLength(width: number, height: number, bpp: number, interlaced: boolean): number {
  const rowBytes = (w: number) => 1 + Math.ceil((w * bpp) / 8);
  if (!interlaced) return height * rowBytes(width);
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) total += h * rowBytes(w);
  }
  return total;
}

export function sanitizePng(input: Buffer, maxPixels: number): SanitizeResult {
  if (input.length < 8 + 25 + 12 || !input.subarray(0, 8).equals(PNG_SIGNATURE))
    return { ok: false };
  const kept: Buffer[] = [PNG_SIGNATURE];
  const idat: Buffer[] = [];
  let at = 8;
  let header: { width: number; height: number; bpp: number; interlaced: boolean } | null = null;
  let ended = false;
  while (at < input.length) {
    if (at + 12 > input.length) return { ok: false };
    const length = input.readUInt32BE(at);
    if (length > 0x7fffffff || at + 12 + length > input.length) return { ok: false };
    const type = input.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return { ok: false };
    const data = input.subarray(at + 8, at + 8 + length);
    const crc = input.readUInt32BE(at + 8 + length);
    if (crc32(input.subarray(at + 4, at + 8 + length)) !== crc) return { ok: false };
    const chunk = input.subarray(at, at + 12 + length);
    at += 12 + length;
    if (header === null) {
      if (type !== 'IHDR' || length !== 13) return { ok: false };
      const width = data.readUInt32BE(0);
      const height = data.readUInt32BE(4);
      const bpp = pngBitsPerPixel(data[9] as number, data[8] as number);
      if (!width || !height || bpp === null || width * height > maxPixels) return { ok: false };
      if (data[10] !== 0 || data[11] !== 0 || (data[12] !== 0 && data[12] !== 1)) {
        return { ok: false };
      }
      header = { width, height, bpp, interlaced: data[12] === 1 };
    } else if (type === 'IHDR') {
      return { ok: false };
    }
    if (type === 'IDAT') idat.push(data);
    if (PNG_KEEP.has(type)) kept.push(chunk);
    else if ((type.charCodeAt(0) & 0x20) === 0) return { ok: false }; // an unknown critical chunk
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!header || !ended || idat.length === 0) return { ok: false };
  const expected = pngDataLength(header.width, header.height, header.bpp, header.interlaced);
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    return { ok: false };
  }
  if (raw.length !== expected) return { ok: false };
  if (!header.interlaced) {
    const stride = 1 + Math.ceil((header.width * header.bpp) / 8);
    for (let row = 0; row < header.height; row++) {
      if ((raw[row * stride] as number) > 4) return { ok: false };
    }
  }
  return { ok: true, kind: 'png', bytes: Buffer.concat(kept) };
}

const JPEG_KEEP = (marker: number) =>
  marker === 0xe0 || // APP0 JFIF
  marker === 0xee || // APP14 Adobe
  marker === 0xdb || // DQT
  marker === 0xc4 || // DHT
  marker === 0xdd || // DRI
  marker === 0xc0 ||
  marker === 0xc1 ||
  marker === 0xc2;

export function sanitizeJpeg(input: Buffer, maxPixels: number): SanitizeResult {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== 0xd8) return { ok: false };
  const kept: Buffer[] = [Buffer.from([0xff, 0xd8])];
  let at = 2;
  let frame = false;
  let tables = { dqt: false, dht: false };
  let scans = 0;
  while (at < input.length) {
    if (input[at] !== 0xff) return { ok: false };
    let marker = input[at + 1] as number;
    while (marker === 0xff && at + 2 < input.length) {
      at += 1; // fill bytes
      marker = input[at + 1] as number;
    }
    if (marker === 0xd9) {
      if (!frame || scans === 0) return { ok: false };
      kept.push(Buffer.from([0xff, 0xd9]));
      return { ok: true, kind: 'jpeg', bytes: Buffer.concat(kept) };
    }
    if (at + 4 > input.length) return { ok: false };
    const length = input.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > input.length) return { ok: false };
    const segment = input.subarray(at, at + 2 + length);
    const body = input.subarray(at + 4, at + 2 + length);
    at += 2 + length;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      // Only baseline, extended and progressive Huffman frames: what browsers show.
      if (marker !== 0xc0 && marker !== 0xc1 && marker !== 0xc2) return { ok: false };
      if (frame || body.length < 6) return { ok: false };
      const height = body.readUInt16BE(1);
      const width = body.readUInt16BE(3);
      const components = body[5] as number;
      if (!width || !height || width * height > maxPixels) return { ok: false };
      if (![1, 3, 4].includes(components) || body.length !== 6 + 3 * components) {
        return { ok: false };
      }
      frame = true;
    }
    if (marker === 0xdb) tables = { ...tables, dqt: true };
    if (marker === 0xc4) tables = { ...tables, dht: true };
    if (JPEG_KEEP(marker)) kept.push(segment);
    else if (marker === 0xda) {
      if (!frame || !tables.dqt || !tables.dht) return { ok: false };
      // Entropy-coded data runs to the next marker that is not a stuffed 0x00 or a restart.
      let end = at;
      while (end + 1 < input.length) {
        if (input[end] === 0xff) {
          const next = input[end + 1] as number;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        end += 1;
      }
      if (end + 1 >= input.length || end === at) return { ok: false };
      kept.push(segment, input.subarray(at, end));
      scans += 1;
      at = end;
    } else if (
      !(marker >= 0xe0 && marker <= 0xef) && // other APPn: metadata, dropped
      marker !== 0xfe // COM: dropped
    ) {
      return { ok: false };
    }
  }
  return { ok: false };
}

/** The stored copy of an uploaded photo, or `{ok: false}` when it is not a PNG or JPEG image. */
export function sanitizeImage(input: Buffer, maxPixels: number): SanitizeResult {
  if (input.subarray(0, 8).equals(PNG_SIGNATURE)) return sanitizePng(input, maxPixels);
  if (input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) {
    return sanitizeJpeg(input, maxPixels);
  }
  return { ok: false };
}
