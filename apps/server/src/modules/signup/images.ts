import { NMID_LIMITS } from '@gerbang/shared/contract/nmid';
import { sanitizeImage } from '../nmid/images';

/**
 * Document images of a registration ("the same upload rules" as NMID): at most
 * 5,242,880 bytes and really an image, decided by the bytes, never by the file's name or the
 * type the browser claims. Metadata segments (EXIF, comments, text chunks) are dropped before
 * storage, so a phone's location never reaches the database.
 */
export const MAX_DOCUMENT_BYTES = 5_242_880;

/**
 * Pixels a document may have (the NMID photos' bound): a small file that announces a huge image
 * (a decompression bomb) is refused before anything inflates it.
 */
export const MAX_DOCUMENT_PIXELS = NMID_LIMITS.maxPixels;

/**
 * The stored copy of an uploaded document, or null when its bytes are not an image all the way
 * through. PNG and JPEG are parsed and rebuilt like the NMID photos (a PNG or JPEG header in front
 * of HTML, a truncated PNG, or more than MAX_DOCUMENT_PIXELS pixels are refused; metadata is
 * dropped); a WebP must be a well-formed RIFF container with an image chunk of sane dimensions.
 */
export function documentImage(bytes: Buffer): { mime: ImageMime; bytes: Buffer } | null {
  const mime = imageTypeOf(bytes);
  if (mime === 'image/webp') return isWellFormedWebp(bytes) ? { mime, bytes } : null;
  if (!mime) return null;
  const clean = sanitizeImage(bytes, MAX_DOCUMENT_PIXELS);
  if (!clean.ok) return null;
  return { mime: clean.kind === 'png' ? 'image/png' : 'image/jpeg', bytes: clean.bytes };
}

/** Width and height of a WebP image chunk (VP8, VP8L or the VP8X canvas), or null. */
function webpSize(type: string, data: Buffer): { width: number; height: number } | null {
  if (
    type === 'VP8 ' &&
    data.length >= 10 &&
    data[3] === 0x9d &&
    data[4] === 0x01 &&
    data[5] === 0x2a
  )
    return { width: data.readUInt16LE(6) & 0x3fff, height: data.readUInt16LE(8) & 0x3fff };
  if (type === 'VP8L' && data.length >= 5 && data[0] === 0x2f) {
    const bits = data.readUInt32LE(1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (type === 'VP8X' && data.length >= 10)
    return { width: data.readUIntLE(4, 3) + 1, height: data.readUIntLE(7, 3) + 1 };
  return null;
}

/**
 * A RIFF/WEBP file whose declared size is the file's, whose chunks tile it exactly, whose first
 * chunk is an image header of non-zero size within MAX_DOCUMENT_PIXELS, and which carries image
 * data (VP8 or VP8L).
 */
function isWellFormedWebp(bytes: Buffer): boolean {
  if (bytes.length < 20 || bytes.readUInt32LE(4) + 8 !== bytes.length) return false;
  let at = 12;
  let size: { width: number; height: number } | null = null;
  let hasImageData = false;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return false;
    const type = bytes.toString('latin1', at, at + 4);
    const length = bytes.readUInt32LE(at + 4);
    const end = at + 8 + length;
    if (end > bytes.length) return false;
    if (at === 12) size = webpSize(type, bytes.subarray(at + 8, end));
    if (type === 'VP8 ' || type === 'VP8L') hasImageData = true;
    at = end + (length % 2);
  }
  if (at !== bytes.length || !size || !hasImageData) return false;
  return size.width > 0 && size.height > 0 && size.width * size.height <= MAX_DOCUMENT_PIXELS;
}

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp';

export function imageTypeOf(bytes: Uint8Array): ImageMime | null {
  const b = bytes;
  if (
    b.length > 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'image/png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length > 12 &&
    String.fromCharCode(b[0]!, b[1]!, b[2]!, b[3]!) === 'RIFF' &&
    String.fromCharCode(b[8]!, b[9]!, b[10]!, b[11]!) === 'WEBP'
  )
    return 'image/webp';
  return null;
}
