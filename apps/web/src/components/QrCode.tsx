import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

interface QrCodeProps {
  /** The text to encode, e.g. a QRIS payload. */
  value: string;
  /** Width and height in CSS pixels. */
  size?: number;
  /** Accessible name of the image (translated by the caller). */
  alt: string;
  'data-testid'?: string;
}

/**
 * A QR code drawn in the browser (the `qrcode` library) as a PNG data URL: for QRIS payloads on
 * the simulator, top-up and pay-link pages. Error correction M, a 4-module quiet zone as scanners
 * expect; nothing is sent to the server.
 */
export function QrCode({ value, size = 220, alt, 'data-testid': testId }: QrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    if (!value) return;
    // The library loads with the first code drawn: pages that import this component but show no
    // QR code (a VA order, a bank transfer) do not carry it.
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 4, width: size * 2 }),
      )
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {
        // Text too long for a QR code: nothing to draw.
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [value, size]);
  if (!value) return null;
  if (!src) return <Skeleton width={size} height={size} />;
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      style={{ imageRendering: 'pixelated', display: 'block' }}
      data-testid={testId}
    />
  );
}
