import { normalizePolicy } from "../../src/core/policy.js";
import type { Solution, SolvedPolicy } from "../../src/format/solve-report.js";
import type { SolvedPreset } from "../../src/format/preset-solve.js";
import { DEMO } from "./preset-descriptions.js";

/** Answers of `backoff solve` with hand-set figures, for its renderers' tests. */

/** --base 100ms --attempts 3 --total 1.3s: 100 + 300 + 900 = 1,300 ms, factor exactly 3. */
export const FACTOR: Solution<SolvedPolicy> = {
  policy: normalizePolicy({ baseMs: 100, factor: 3 }),
  unknown: "factor",
  attempts: 3,
  answerText: "3",
  exact: 3,
  targetMs: 1300,
  achievedMs: 1300,
  nextTotalMs: null,
};

/** --factor 2 --cap 10s --attempts 4 --total 20s: base 20,000 / 15 ms, rounded to 1,333; with the cap 19,331 ms. */
export const BASE: Solution<SolvedPolicy> = {
  policy: normalizePolicy({ baseMs: 1333, capMs: 10_000 }),
  unknown: "base",
  attempts: 4,
  answerText: "1333",
  exact: 20_000 / 15,
  targetMs: 20_000,
  achievedMs: 19_331,
  nextTotalMs: null,
};

/** --base 100ms --total 2s: 100 + 200 + 400 + 800 = 1,500 ms fits, a fifth attempt (1,600) would make 3,100. */
export const ATTEMPTS: Solution<SolvedPolicy> = {
  policy: normalizePolicy({ baseMs: 100 }),
  unknown: "attempts",
  attempts: 4,
  answerText: "4",
  exact: null,
  targetMs: 2000,
  achievedMs: 1500,
  nextTotalMs: 3100,
};

/** A library's factor (the made-up demo preset): 2 retries of 1 s × f^(a−1) in 3 s: f = 2. */
export const PRESET_FACTOR: Solution<SolvedPreset> = {
  preset: DEMO,
  parameter: "multiplier",
  note: null,
  model: null as never,
  unknown: "factor",
  attempts: 2,
  answerText: "2",
  exact: 2,
  targetMs: 3000,
  achievedMs: 3000,
  nextTotalMs: null,
};

/** A library's retry count: 3 retries, 7 s in the worst case, within 10 s; a fourth would make 15 s. */
export const PRESET_ATTEMPTS: Solution<SolvedPreset> = {
  preset: DEMO,
  parameter: "maxRetries: N",
  note: "demo counts the first try among its attempts.",
  model: null as never,
  unknown: "attempts",
  attempts: 3,
  answerText: "3",
  exact: null,
  targetMs: 10_000,
  achievedMs: 7000,
  nextTotalMs: 15_000,
};
