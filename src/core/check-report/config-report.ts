import type { CheckResult } from "../check.js";
import type { PresetTerms, SwitchWords } from "./terms.js";

/** One policy of `check --config FILE` or of flags: its name (null for a single unnamed one) and its place in the file. */
export interface PolicyReport {
  readonly name: string | null;
  readonly line: number | null;
  /** Its column there (as check PATH gives it); absent for flags. */
  readonly column?: number | null;
  readonly attempts: number;
  readonly attemptTimeMs: number;
  /** The overall timeout checked against (given, or the file's), when there is one. */
  readonly deadlineMs?: number | null;
  readonly result: CheckResult;
  /** Set for a library preset: how it stops, and the levers its lints point to. */
  readonly terms?: PresetTerms;
}

/** What `check --config FILE` (or a policy given as flags) found: each policy's check. */
export interface ConfigReport {
  readonly policies: readonly PolicyReport[];
  /** The config file the policies are in (its annotations point at it); null for flags or standard input. */
  readonly file: string | null;
  readonly strict: boolean;
  readonly exitCode: number;
  readonly words: SwitchWords;
}
