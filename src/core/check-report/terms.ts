/**
 * A library preset as a check report speaks of it, every option already spelled by the
 * command that made the report (its flags, or the keys of the file the policy is in).
 */
export interface PresetTerms {
  readonly name: string;
  /** One sentence: how the library stops ("sidekiq stops after 25 retries (retry: 25)"). */
  readonly rule: string;
  /** The option that sets the library's cap, with its parameter ("--cap, the library's maxTimeout (ms)"); null when it has none. */
  readonly cap: string | null;
  /** The options that bound its retries ("--attempts, the library's sidekiq_options retry: N"). */
  readonly limits: readonly string[];
  /** The option that sets its jitter; null when it has no jitter setting. */
  readonly jitter: string | null;
  /** Whether the library counts tries, the first included (maxAttempts 4 = 3 retries): reports then give the tries beside the retries. */
  readonly countsTries?: boolean;
}

/**
 * What a report says of the command's own switches, in the words of the command that made
 * it: reports name no flag of their own.
 */
export interface SwitchWords {
  /** Why warnings fail, said after them: "under --strict". */
  readonly strictly: string;
  /** How limits are given, said when none were: "--max-total, --max-delay, …". */
  readonly limits: string;
}
