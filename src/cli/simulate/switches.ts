import type { OutputSwitches } from "../shared/render.js";
import type { HerdSwitches } from "./herd-options.js";

/** The cohort's defaults and bounds, as typed (command.ts shows them in --help; cohort.ts reads them). */
export const DEFAULT_CLIENTS = "1000";
export const MAX_CLIENTS = 10_000_000;
/** --model occ: the experiment's headline case, and the most clients a point may have (occ.ts says why). */
export const OCC_DEFAULT_CLIENTS = "100";
export const MAX_OCC_CLIENTS = 100_000;
export const MAX_SIMULATED_ATTEMPTS = 1000;
export const DEFAULT_WINDOW = "100ms";
export const DEFAULT_SIMULATED_ATTEMPTS = "10";
/** The seed `backoff simulate` uses unless --seed says otherwise (printed with the results). */
export const DEFAULT_SEED = 42;

/** The simulate command's own switches (the policy comes as OptionValues, as for the schedule). */
export interface SimulateSwitches extends HerdSwitches, OutputSwitches {
  readonly clients: string;
  readonly spread?: string;
  readonly success: string;
  readonly window: string;
  readonly compareJitter?: boolean;
}
