import { MAX_WALKED_ATTEMPTS, WalkLimitError } from "../limits.js";

/**
 * The sums behind a layer whose tries fail independently: retry i happens when the first i
 * tries failed and i retries were let through, with probability x^i (x = the chance a try
 * fails × the chance a retry is granted). Each sum is walked term by term while that is
 * short (the terms are exact for x a binary fraction, as the tests' 0.5 and 0.125 are) and
 * taken in closed form beyond.
 */

/** Terms added one by one before the closed form takes over. */
const WALKED_TERMS = 4096;

/** Σ_{i=1..n} x^i for 0 ≤ x ≤ 1: the expected retries of one call. */
export function powerSum(x: number, n: number): number {
  if (n <= 0 || x === 0) return 0;
  if (x === 1) return n;
  if (n <= WALKED_TERMS) {
    let term = 1;
    let sum = 0;
    for (let i = 1; i <= n && term > 0; i++) {
      term *= x;
      sum += term;
    }
    return sum;
  }
  // x·(1 − x^n)/(1 − x); x^n as exp(n·ln x) through expm1, so that x near 1 keeps its digits.
  return (x * -Math.expm1(n * Math.log(x))) / (1 - x);
}

/**
 * Σ_{i=1..n} x^i · weight(i), where weight is constant from `steadyFrom` on (null: never
 * known to be): the mean time the retries of one call spend waiting, weight being the mean
 * wait before retry i.
 */
export function weightedPowerSum(x: number, n: number, weight: (i: number) => number, steadyFrom: number | null): number {
  if (n <= 0 || x === 0) return 0;
  const walkTo = steadyFrom === null ? n : Math.min(n, steadyFrom - 1);
  let sum = 0;
  let term = 1;
  for (let i = 1; i <= walkTo; i++) {
    term *= x;
    if (term === 0) return sum; // every later term is smaller still
    if (i > MAX_WALKED_ATTEMPTS) throw new WalkLimitError(n);
    sum += term * weight(i);
  }
  if (steadyFrom !== null && n >= steadyFrom) sum += weight(steadyFrom) * x ** (steadyFrom - 1) * powerSum(x, n - steadyFrom + 1);
  return sum;
}
