/**
 * "Did you mean": the one rule every list of words backoff reads uses (options, option values,
 * presets, commands, the keys of a SPEC, a budget or a config file). What people mistype is
 * a swapped pair ("bsae"), a dropped, doubled or wrong letter ("atempts", "sidekik"), the case
 * or a hyphen ("maxTotal", "grpcjs"), or the start of a long name ("bull", "exp"). So:
 *
 * - Case, hyphens and underscores do not count ("MAX_TOTAL" is "max-total"; "--bse" is "bse").
 * - A word is near a name within one edit when it has up to five letters, two edits from six
 *   letters on (an edit: a letter added, dropped or changed, or two neighbours swapped); or
 *   when one begins with the other and they share at least three letters ("bull" → "bullmq",
 *   "sidekiq-pro" → "sidekiq").
 * - A near spelling beats a shared start, fewer edits beat more; of shared starts, the longest
 *   shared start wins, then the fewest letters added ("kube" → "kubernetes", not
 *   "kubernetes-job"); on a tie, the first listed. Aliases (a preset's package name, a
 *   format's old name) are near as names are, and answer with the name they stand for.
 *
 * Pure, and it answers only with a name of `known`: never with a word that was not listed
 * (no member of Object.prototype can come back, whatever is typed).
 */

/**
 * Edit distance between two words: insertions, deletions, substitutions, and swaps of
 * two neighbouring characters (the commonest typo: "bsae" for "base"), each one edit.
 * This is Levenshtein's distance with transpositions (optimal string alignment).
 */
export function editDistance(a: string, b: string): number {
  if (b.length >= SCRATCH_LENGTH) return editDistanceOf(a, b, new Int32Array(b.length + 1), new Int32Array(b.length + 1), new Int32Array(b.length + 1));
  return editDistanceOf(a, b, SCRATCH[0]!, SCRATCH[1]!, SCRATCH[2]!);
}

/**
 * Three rows of the table, reused: a scan checks every key of a large properties file against
 * the retry keys (config/shapes/kafka.ts), and a table of arrays a call was most of its cost.
 */
const SCRATCH_LENGTH = 128;
const SCRATCH = [new Int32Array(SCRATCH_LENGTH), new Int32Array(SCRATCH_LENGTH), new Int32Array(SCRATCH_LENGTH)];

/** editDistance in three rows: the one before last (for a swap), the last, and the one being filled. */
function editDistanceOf(a: string, b: string, first: Int32Array, second: Int32Array, third: Int32Array): number {
  // previous[j]: distance between the first i − 1 characters of a and the first j of b; beforePrevious for i − 2.
  let beforePrevious = first;
  let previous = second;
  let current = third;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) best = Math.min(best, beforePrevious[j - 2]! + 1);
      current[j] = best;
    }
    const spare = beforePrevious;
    beforePrevious = previous;
    previous = current;
    current = spare;
  }
  return previous[b.length]!;
}

/** Case, hyphens and underscores do not count: "maxTotal", "max_total" and "--max-total" are "maxtotal". */
function folded(word: string): string {
  return word.toLowerCase().replace(/[-_]/g, "");
}

/** The edits allowed in a word of `letters` letters (folded): one up to five letters, two from six on. */
export function editsAllowed(letters: number): number {
  return letters < 6 ? 1 : 2;
}

/** The shortest shared start that counts ("bull" for "bullmq"). */
const SHARED_START = 3;

/** How near `typed` is to `name` (both folded) by the rule above, as a rank (lower is nearer), or null when it is not. */
function nearness(typed: string, name: string): readonly [kind: number, order: number, tie: number] | null {
  const added = Math.abs(typed.length - name.length);
  // An edit distance is at least the difference in length: only a shared start reaches past two.
  if (added <= editsAllowed(typed.length)) {
    const edits = editDistance(typed, name);
    if (edits <= editsAllowed(typed.length)) return [0, edits, 0];
  }
  const [short, long] = typed.length <= name.length ? [typed, name] : [name, typed];
  return short.length >= SHARED_START && long.startsWith(short) ? [1, -short.length, added] : null;
}

const nearer = (a: readonly number[], b: readonly number[]): boolean => a[0]! < b[0]! || (a[0] === b[0] && (a[1]! < b[1]! || (a[1] === b[1] && a[2]! < b[2]!)));

/**
 * The name of `known` that `word` was most likely meant to be, or null when none is near
 * (see the rule above). `aliases` maps other words for a name onto it: an alias near
 * `word` answers with its name.
 */
export function closest<T extends string>(word: string, known: readonly T[], aliases: ReadonlyMap<string, T> = new Map()): T | null {
  const typed = folded(word);
  if (typed === "") return null;
  let best: T | null = null;
  let bestRank: readonly number[] = [Infinity, 0, 0];
  const consider = (spelling: string, name: T) => {
    const rank = nearness(typed, folded(spelling));
    if (rank !== null && nearer(rank, bestRank)) {
      best = name;
      bestRank = rank;
    }
  };
  for (const name of known) consider(name, name);
  for (const [alias, name] of aliases) if (known.includes(name)) consider(alias, name);
  return best;
}

/** The end of a message refusing `word`: "; did you mean X?" with the name `closest` finds, or nothing. */
export function didYouMean(word: string, known: readonly string[], aliases?: ReadonlyMap<string, string>): string {
  const near = closest(word, known, aliases);
  return near === null ? "" : `; did you mean ${near}?`;
}
