/**
 * The five ways a client of the AWS experiment waits after its n-th failed write
 * (aws-samples/aws-arch-backoff-simulator, src/backoff_simulator.py at 66cb169: NoBackoff,
 * ExpoBackoff, ExpoBackoffFullJitter, ExpoBackoffEqualJitter, ExpoBackoffDecorr):
 * `no-backoff` waits 0; `none` (exponential, no jitter) waits expo(n); `full` uniform(0,
 * expo(n)); `equal` expo(n)/2 + uniform(0, expo(n)/2); `decorrelated`
 * sleep = min(cap, uniform(b, 3 × sleep)), sleep starting at b.
 */
export const OCC_MODES = ["no-backoff", "none", "full", "equal", "decorrelated"] as const;
export type OccMode = (typeof OCC_MODES)[number];

/**
 * A mode with its parameters in backoff's own terms. The experiment writes
 * expo(n) = min(cap, 2^n × b) with b = 5 ms, so its first retry's ceiling is 10 ms: in
 * backoff's convention (attempts from 1, delay = min(cap, base × 2^(attempt − 1))) that is
 * base = 2b = 10 ms. Its decorrelated jitter starts from, and never draws below, the same
 * b, which is base / 2 here. Continuous milliseconds (no rounding), as in the experiment.
 */
export interface OccBackoff {
  readonly mode: OccMode;
  /** The first retry's ceiling (ms, > 0); the experiment's 2 × 5 ms. */
  readonly baseMs: number;
  /** The largest wait (ms, ≥ base); the experiment's 2,000 ms. */
  readonly capMs: number;
}

/** The experiment's backoff: `backoff_cls(5, 2000)` in setup_sim, read as base 10 ms, cap 2 s. */
export const PAPER_BASE_MS = 10;
export const PAPER_CAP_MS = 2000;

/**
 * One population's waits: `next(client, n, fraction)` is the wait after client's n-th
 * failed write (n = 1, 2, … in order per client), `fraction` the mode's uniform draw in
 * [0, 1) (read only when `draws` is true: no-backoff and exponential draw nothing).
 * Decorrelated keeps one sleep per client. The three doubling modes are one formula,
 * expo(n) × (low + span × fraction): exponential (1, 0), full (0, 1), equal (½, ½); so a
 * simulator running every mode in turn meets one arithmetic path, not five.
 */
export class OccWaits {
  /** Whether the mode draws a fraction per wait. */
  readonly draws: boolean;
  private readonly decorrelated: boolean;
  private readonly low: number;
  private readonly span: number;
  private readonly floor: number;
  private readonly sleep: Float64Array;
  /**
   * expo(n) = min(cap, base × 2^(n − 1)) by n, up to the first n at the cap (every later one
   * is the cap): worked out once, with the same arithmetic as the formula, rather than a
   * power per failure.
   */
  private readonly ceilings: Float64Array;

  constructor(
    private readonly backoff: OccBackoff,
    clients: number,
  ) {
    const mode = backoff.mode;
    this.decorrelated = mode === "decorrelated";
    [this.low, this.span] = mode === "no-backoff" ? [0, 0] : mode === "none" ? [1, 0] : mode === "full" ? [0, 1] : [0.5, 0.5];
    this.draws = this.decorrelated || this.span !== 0;
    this.floor = backoff.baseMs / 2;
    this.sleep = new Float64Array(this.decorrelated ? clients : 0);
    this.ceilings = ceilingsUpToCap(backoff.baseMs, backoff.capMs);
    this.reset();
  }

  /** Back to every client's first failure (a new run). */
  reset(): void {
    this.sleep.fill(this.floor);
  }

  next(client: number, n: number, fraction: number): number {
    const { capMs } = this.backoff;
    if (this.decorrelated) {
      const lo = this.floor;
      const drawn = lo + (3 * this.sleep[client]! - lo) * fraction;
      const sleep = drawn < capMs ? drawn : capMs;
      this.sleep[client] = sleep;
      return sleep;
    }
    const ceiling = n < this.ceilings.length ? this.ceilings[n]! : capMs;
    return ceiling * (this.low + this.span * fraction);
  }
}

/**
 * min(cap, base × 2^(n − 1)) at index n, from n = 1 up to the first n whose value is the cap
 * (index 0 unused). 2^(n − 1) is exact in a double up to n = 1024; past that it is Infinity
 * and the cap holds, so the table ends within about 2,100 entries whatever the base.
 */
export function ceilingsUpToCap(baseMs: number, capMs: number): Float64Array {
  const values: number[] = [0];
  for (let n = 1; ; n++) {
    const raw = baseMs * 2 ** (n - 1);
    values.push(raw < capMs ? raw : capMs);
    if (!(raw < capMs)) break;
  }
  return Float64Array.from(values);
}
