// The subcommands' option choices and defaults, which the program's definition needs at
// start-up; the commands themselves are loaded only when they run (see scripts/build.js).

export const CHECK_FORMATS = ["text", "json"] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export const SOLVE_FORMATS = ["table", "json"] as const;
export type SolveFormat = (typeof SOLVE_FORMATS)[number];

export const SIMULATE_FORMATS = ["table", "csv", "json", "markdown"] as const;
export type SimulateFormat = (typeof SIMULATE_FORMATS)[number];

export const DEFAULT_CLIENTS = "1000";
export const MAX_CLIENTS = 10_000_000;
export const MAX_SIMULATED_ATTEMPTS = 1000;
/** Retries simulated at most (clients × attempts): a bound on the time a run takes (about 15 s). */
export const MAX_EVENTS = 100_000_000;
/**
 * Distinct fire times a run keeps at most (12 bytes each: a time and a count), which bounds
 * its memory whatever clients × attempts is: a run keeps one entry per distinct millisecond
 * its retries land on per attempt, not one per retry.
 */
export const MAX_KEPT_TIMES = 20_000_000;
export const KEPT_TIMES_MB = 240;
export const DEFAULT_WINDOW = "100ms";
export const DEFAULT_SIMULATED_ATTEMPTS = "10";
