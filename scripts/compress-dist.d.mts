/** Precompresses every text asset under `dir` (`.br` quality 11 and `.gz` level 9 next to it). */
export function compressDir(
  dir: string,
): Promise<{ files: number; raw: number; br: number; gz: number }>;
