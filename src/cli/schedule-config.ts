import type { OptionValues } from "./check-options.js";
import { loadConfig, mergeOptions, selectPolicies } from "./config.js";
import { UsageError, shown } from "./errors.js";
import type { Io } from "./io.js";
import type { ScheduleOptions } from "./schedule-command.js";

/** The schedule command's `--config` and `--policy`. */
export interface ConfigSwitches {
  config?: string;
  policy?: string;
}

/**
 * Options that a config file may carry but this build cannot compute yet: they
 * arrive with the jitter and preset work, which wires them into policyFromOptions.
 * Until then they are refused rather than silently ignored (a wrong schedule).
 */
export const NOT_YET_WIRED = ["preset"] as const;

export function refuseUnwired(options: OptionValues): void {
  for (const key of NOT_YET_WIRED) {
    if (options[key] !== undefined) throw new UsageError(`--${key} is not available in this build, got ${shown(options[key]!)}`);
  }
}

/**
 * The schedule command's options with a config file under them: commander's defaults,
 * then the file's policy (the one --policy names when it holds several), then the flags
 * actually given. Limit keys in the file (`assert`, `clients`) are for `check` and
 * are ignored here.
 */
export async function scheduleOptionsWithConfig(options: ScheduleOptions & ConfigSwitches, defaults: OptionValues, explicit: OptionValues, io: Io): Promise<ScheduleOptions> {
  const config = await loadConfig(options.config!, io);
  const policies = selectPolicies(config, options.policy);
  if (policies.length > 1) {
    const names = policies.map((p) => shown(p.name ?? "")).join(", ");
    throw new UsageError(`${config.name} holds ${policies.length} policies (${names}); choose one with --policy <name>`);
  }
  const merged = mergeOptions(defaults, policies[0]!.options, explicit);
  refuseUnwired(merged);
  return { ...options, ...(merged as Partial<ScheduleOptions>) };
}
