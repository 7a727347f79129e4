/** Largest side the image is scaled to before decoding: enough for a phone photo of a QR. */
const MAX_SIDE = 1600;

/**
 * Reads the QR code in an image file in the browser (jsQR, loaded on first use). Answers the
 * decoded text, null when no QR code is found, and throws when the file is not an image.
 */
export async function decodeQrImage(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    // Transparent pixels read as black; a white ground keeps the quiet zone light.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const pixels = context.getImageData(0, 0, width, height);
    const { default: jsQR } = await import('jsqr');
    const code = jsQR(pixels.data, width, height, { inversionAttempts: 'attemptBoth' });
    return code?.data ? code.data : null;
  } finally {
    bitmap.close();
  }
}
