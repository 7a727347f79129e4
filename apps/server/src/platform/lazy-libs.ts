/**
 * Libraries that are slow to load and that starting the server never uses are imported at first
 * use instead of at start (exceljs alone took 1.3 s of a 6 s start on two cores under load).
 * Node caches the module, so later calls cost one resolved promise.
 */
export async function loadExcelJS() {
  return (await import('exceljs')).default;
}

export async function loadPdfKit() {
  return (await import('pdfkit')).default;
}
