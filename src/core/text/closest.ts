/**
 * Edit distance between two keys: insertions, deletions, substitutions, and swaps of
 * two neighbouring characters (the commonest typo: "bsae" for "base"), each one edit.
 * This is Levenshtein's distance with transpositions (optimal string alignment).
 */
export function editDistance(a: string, b: string): number {
  // rows[i][j]: distance between the first i characters of a and the first j of b.
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** Case, hyphens and underscores do not count: "maxTotal" and "max_total" are near "max-total". */
function folded(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, "");
}

/**
 * The known key closest to `key`, when it is close enough to be a likely typo:
 * at most a third of the key's length in edits (at least one).
 */
export function closest(key: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(folded(key), folded(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(folded(key).length / 3)) ? best : null;
}
