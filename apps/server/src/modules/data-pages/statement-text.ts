import { type Language, MOVEMENT_KINDS, translate } from '@gerbang/shared';

/**
 * The statement's descriptions: the ledger keeps each movement's kind and what
 * it refers to; the words are the catalog's (`statement.desc.*`), in the language of whoever
 * reads the page or asked for the export. The data-page source selects the parameters as JSON in
 * `keterangan`; this turns them into text in place.
 */
interface MovementParams {
  /** Ledger transfer kind, flags (4 post, 8 void), reference and stored description. */
  k?: string;
  f?: number;
  ref?: string | null;
  d?: string | null;
  bank?: string | null;
  account?: string | null;
  name?: string | null;
  settlement?: { product: string; date: string } | null;
}

const KNOWN = new Set<string>(MOVEMENT_KINDS);

function destination(lang: Language, p: MovementParams): string {
  const parts = [p.bank, p.account].filter((v): v is string => Boolean(v?.trim()));
  if (p.name?.trim()) parts.push(translate(lang, 'statement.desc.accountName', { name: p.name }));
  return parts.join(' ') || (p.ref ?? '');
}

/** The words of one movement of kind `kind` (the original transfer's kind for a reversal). */
function movementText(lang: Language, p: MovementParams): string {
  const kind = p.k ?? '';
  const ref = p.ref ?? '';
  switch (kind) {
    case 'withdraw':
    case 'transfer_order':
    case 'bulk_transfer':
      return translate(lang, `statement.desc.${kind}`, { to: destination(lang, p) });
    case 'settlement':
      return p.settlement
        ? translate(lang, 'statement.desc.settlement', p.settlement)
        : translate(lang, 'statement.desc.settlementPlain', { ref });
    default:
      if (KNOWN.has(kind)) return translate(lang, `statement.desc.${kind}`, { ref });
      // A kind without words yet: the catalog's "other" and the reference, never the text the
      // writer stored (it is in the writer's language, not the reader's).
      return [translate(lang, 'statement.movement.other'), ref].filter(Boolean).join(' ');
  }
}

export function statementDescription(lang: Language, raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  let p: MovementParams;
  try {
    p = JSON.parse(raw) as MovementParams;
  } catch {
    return raw;
  }
  const what = movementText(lang, p);
  const flags = Number(p.f ?? 0);
  if ((flags & 8) !== 0) return translate(lang, 'statement.desc.reversal', { what });
  if ((flags & 4) !== 0) return translate(lang, 'statement.desc.release', { what });
  return what;
}

/** The `render` of the statement source: `keterangan` from parameters to the reader's words. */
export function renderStatementRows(rows: Array<Record<string, unknown>>, lang: Language): void {
  for (const row of rows) {
    if ('keterangan' in row) row.keterangan = statementDescription(lang, row.keterangan);
  }
}
