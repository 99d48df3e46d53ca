/** Edit distance (insertions, deletions, substitutions), two rows of memory. */
export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[b.length]!;
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
    const distance = levenshtein(folded(key), folded(candidate));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(folded(key).length / 3)) ? best : null;
}
