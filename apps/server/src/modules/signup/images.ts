/**
 * Document images of a registration (issue 17 §3, "the same upload rules" as NMID): at most
 * 5,242,880 bytes and really an image, decided by the bytes, never by the file's name or the
 * type the browser claims. Metadata segments (EXIF, comments, text chunks) are dropped before
 * storage, so a phone's location never reaches the database.
 */
export const MAX_DOCUMENT_BYTES = 5_242_880;

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

/** JPEG without APP1–APP15 and COM segments (EXIF, XMP, comments); the image data stays. */
function stripJpeg(bytes: Buffer): Buffer {
  const out: Buffer[] = [bytes.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return bytes; // not a segment boundary: keep the file as it was
    const marker = bytes[i + 1]!;
    if (marker === 0xda) {
      out.push(bytes.subarray(i)); // start of scan: the rest is image data
      return Buffer.concat(out);
    }
    const length = bytes.readUInt16BE(i + 2);
    const end = i + 2 + length;
    if (end > bytes.length) return bytes;
    const metadata = (marker >= 0xe1 && marker <= 0xef) || marker === 0xfe;
    if (!metadata) out.push(bytes.subarray(i, end));
    i = end;
  }
  return bytes;
}

/** PNG without its text and EXIF chunks. */
function stripPng(bytes: Buffer): Buffer {
  const out: Buffer[] = [bytes.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(i);
    const type = bytes.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > bytes.length) return bytes;
    if (!['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME'].includes(type)) out.push(bytes.subarray(i, end));
    i = end;
    if (type === 'IEND') break;
  }
  return Buffer.concat(out);
}

export function stripMetadata(bytes: Buffer, mime: ImageMime): Buffer {
  if (mime === 'image/jpeg') return stripJpeg(bytes);
  if (mime === 'image/png') return stripPng(bytes);
  return bytes;
}
