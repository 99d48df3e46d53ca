import type { RetryOn } from "./conditions/condition.js";
import type { RetryBudget } from "./chain/budgets/budget.js";
import type { ElapsedStop } from "./deadline/elapsed-stop.js";
import type { RandomSource, ScheduleModel } from "./model.js";
import type { RetryAfter } from "./retry-after/header.js";
import type { RetryAfterView } from "./retry-after/model.js";

// What a retry library's preset is, as data: the overrides it takes, the facts its model
// adds to a ScheduleModel, and its description. src/presets implements these (one file per
// library, each with its builder); src/format prints them without knowing any preset.

/**
 * The calculator's options as a preset receives them: only those the user gave,
 * already parsed (durations in ms). `jitter` stays a raw string: every library
 * spells its jitter differently, so each preset parses it with its own rules.
 */
export interface PresetOverrides {
  readonly baseMs?: number;
  readonly capMs?: number;
  readonly factor?: number;
  readonly jitter?: string;
  /** The retry count the library should make (the last attempt of the range). */
  readonly retries?: number;
  /** Total time after which the library gives up (cenkalti MaxElapsedTime, p-retry maxRetryTime). */
  readonly maxElapsedMs?: number;
  /** The calculator's --strategy, for libraries with a backoff type (Polly's BackoffType). */
  readonly strategy?: "exponential" | "linear" | "fixed";
  /**
   * The server's Retry-After (--retry-after): a library that reads it builds its waits with
   * it and sets the model's `retryAfter`; one that does not leaves the model as it is.
   */
  readonly retryAfter?: RetryAfter;
  /** The library's own limit on a Retry-After (got's retry.maxRetryAfter, urllib3's retry_after_max). */
  readonly maxRetryAfterMs?: number;
}

export type OverrideName = keyof PresetOverrides;

/**
 * Where the library stops by elapsed time (cenkalti's MaxElapsedTime, p-retry's
 * maxRetryTime) rather than by count: how many retries happen depends on the draws.
 */
export interface PresetStop {
  /** The library's limit by its own name, e.g. "MaxElapsedTime (15 min)". */
  readonly limit: string;
  readonly limitMs: number;
  /** The last retry without jitter: the schedule's rows end here. */
  readonly lastAttempt: number;
  /** The fewest and the most retries any run makes (both lastAttempt without jitter). */
  readonly fewest: number;
  readonly most: number;
  /** One line: the library's rule, and how jitter moves the last retry. */
  readonly reason: string;
  /**
   * Set when the library checks the time before a wait and then makes it in full
   * (sidekiq's retry_for): a total may pass the limit by that last wait.
   */
  readonly overrun?: boolean;
}

/**
 * A library's own time limits, for the deadline model (--attempt-time, --deadline): the
 * waits as it draws them before any limit cuts a run, and the limit as the deadline model
 * counts it, with the tries' own time (core/deadline/elapsed-stop.ts). Set by every library
 * that can stop by elapsed time, whether or not its count ends the runs first with tries of
 * no time (with tries that take time the limit may come first).
 */
export interface PresetTimed {
  readonly waits: ScheduleModel;
  /** The library's stop by elapsed time, or null. */
  readonly stop: ElapsedStop | null;
  /** The library's own overall timeout, which also ends a try under way (Kafka's delivery.timeout.ms), or null. */
  readonly deadlineMs: number | null;
  /** The limit in the library's words: "MaxElapsedTime (15 min)". */
  readonly text: string;
}

/** A preset's model: any ScheduleModel, plus what the summary must say about the library. */
export interface PresetModel extends ScheduleModel {
  /** The retry count in effect (the library's default or the override); null = unlimited. */
  readonly retries: number | null;
  /** Set when the library stops by elapsed time before `retries`. */
  readonly stop: PresetStop | null;
  /** Set by a library with a limit by elapsed time: its waits and limit for the deadline model (see PresetTimed). */
  readonly timed?: PresetTimed;
  /** Extra summary lines (worst case past the cap, approximations, parameter echo). */
  readonly notes: readonly string[];
  /**
   * One run of the library as a simulated client: each retry's wait (call with attempts
   * 1, 2, … in order), null once the library has given up. Set by libraries that stop by
   * elapsed time; without it a run is the sampler, up to the retry count.
   */
  readonly client?: (random: RandomSource) => (attempt: number) => number | null;
  /** The library's parameters in effect, by the library's own names (for JSON and the header line). */
  readonly parameters: Readonly<Record<string, string | number | boolean | null>>;
  /** Set when a Retry-After was given and the library reads it: the waits above are made with it. */
  readonly retryAfter?: RetryAfterView;
}

/** A library preset's description: what `backoff presets` prints, and what the outputs quote of it. */
export interface PresetDescription {
  readonly name: string;
  /**
   * Other words people type for the library (its package or project name, a short form):
   * "did you mean" answers them with this preset's name (`--preset retry` → node-retry).
   * They are never accepted in its place.
   */
  readonly aliases?: readonly string[];
  /** The library and the version reproduced, e.g. "bullmq 6.7.0". */
  readonly library: string;
  /** The library's repository (owner/name) and the source file the formula is read from. */
  readonly repository: string;
  readonly source: string;
  /**
   * Set when the library's own arithmetic is finer than a millisecond ("nanoseconds
   * (time.Duration)", "float seconds"): the schedule then says once how its whole-ms columns
   * are rounded (each wait half up, each total the sum of the waits shown).
   */
  readonly timeUnit?: string;
  /** One line: the un-jittered formula, with the calculator's attempt a (1 = the first failure). */
  readonly formula: string;
  /** One line: the library's defaults. */
  readonly defaults: string;
  /** One line: the jitter and where the cap applies. */
  readonly jitter: string;
  /** How many retries the library makes by default; null = unlimited. */
  readonly defaultRetries: number | null;
  /** Overrides "unlimited" in `backoff presets <name>` when the library stops another way. */
  readonly retriesNote?: string;
  /**
   * The library's own rule for its last retry, in its words: "retry: 25", "stop_never",
   * "MaxElapsedTime 15 min". Check, simulate and `backoff presets` quote it.
   */
  readonly stopping?: string;
  /**
   * Set when the waits themselves depend on the retry count (Traefik's retry middleware
   * spreads its growth over its attempts: Multiplier 2^(1/(attempts − 1))), so N retries
   * are not the first N waits of a longer run: solve builds the library anew for each count.
   */
  readonly waitsDependOnRetries?: boolean;
  /** The attempt range shown when the library retries without limit. */
  readonly defaultAttempts: number;
  /** The overrides the library really has, each with the parameter it maps onto. */
  readonly parameters: Partial<Record<OverrideName, string>>;
  /** Quirks worth knowing, one per entry. */
  readonly quirks: readonly string[];
  /**
   * One sentence: what the library does with a Retry-After header, from its source (or that
   * it does not read one). --retry-after and `backoff presets` quote it.
   */
  readonly retryAfter: string;
  /**
   * What the library retries on by default, in its own words and the shared vocabulary
   * (core/conditions): `backoff presets NAME` shows it, JSON gives it as retry_on.
   */
  readonly conditions?: RetryOn;
  /**
   * The retry budget the library applies without being asked, which `backoff chain` gives a
   * layer of this preset unless the layer names its own (or "@none"): the AWS SDK's retry
   * quota, Envoy's max_retries breaker where nothing writes circuit_breakers.
   */
  readonly chainBudget?: RetryBudget;
  /**
   * The library's older releases whose behaviour differs in what backoff computes, each a named
   * variant (`grpc-retry@1.68`); the preset itself models the newest release (issue 39, item 4).
   */
  readonly versions?: readonly PresetVersion[];
}

/**
 * An older release of a library, as a variant of its preset: `NAME@VERSION` on every command
 * (--preset, compare and chain SPECs, presets NAME), listed by `backoff presets NAME` with what
 * changed and where that is read.
 */
export interface PresetVersion {
  /** What follows the "@": a version, beginning with a digit ("1.68", "14"). */
  readonly version: string;
  /** The releases it stands for: "grpc-go before 1.69.0". */
  readonly releases: string;
  /** What changed, in what backoff computes, between these releases and the newest. */
  readonly changed: string;
  /** Where the change is read: files at their versions, commits. */
  readonly sources: readonly string[];
  /** The defaults these releases had that the newest does not: the overrides the variant starts from ({} where only the model differs). */
  readonly defaults: PresetOverrides;
}
