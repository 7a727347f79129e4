/**
 * Whether two account names are the same person's, as a bank's inquiry spells them: case, spacing
 * and punctuation differ between rails and over time ("Budi  Santoso." = "BUDI SANTOSO"); any
 * other difference is a mismatch a permitted person must look at.
 */
export function sameAccountName(saved: string, found: string): boolean {
  return normaliseName(saved) === normaliseName(found);
}

function normaliseName(name: string): string {
  return name
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
