/**
 * Libraries that are slow to load and that starting the server never uses are imported at first
 * use instead of at start (exceljs alone took 1.3 s of a 6 s start on two cores under load;
 * @simplewebauthn/server, which the passkey calls alone use, 0.2–0.4 s).
 * Node caches the module, so later calls cost one resolved promise.
 */
export async function loadExcelJS() {
  return (await import('exceljs')).default;
}

export async function loadPdfKit() {
  return (await import('pdfkit')).default;
}

export async function loadQRCode() {
  return (await import('qrcode')).default;
}

export function loadWebAuthn() {
  return import('@simplewebauthn/server');
}

export function loadOtplib() {
  return import('otplib');
}
