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
/** Retries kept in memory at most (8 bytes each, twice over while merging): about 1.6 GB. */
export const MAX_EVENTS = 100_000_000;
export const DEFAULT_WINDOW = "100ms";
export const DEFAULT_SIMULATED_ATTEMPTS = "10";
