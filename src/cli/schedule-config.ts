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
 * The schedule command's options with a config file under them: commander's defaults,
 * then the file's policy (the one --policy names when it holds several), then the flags
 * actually given. Limit keys in the file (`assert`, `clients`) are for `check` and
 * are ignored here.
 */
export async function scheduleOptionsWithConfig(
  options: ScheduleOptions & ConfigSwitches,
  defaults: OptionValues,
  explicit: OptionValues,
  io: Io,
): Promise<{ options: ScheduleOptions; given: ReadonlySet<string> }> {
  const config = await loadConfig(options.config!, io);
  const policies = selectPolicies(config, options.policy);
  if (policies.length > 1) {
    const names = policies.map((p) => shown(p.name ?? "")).join(", ");
    throw new UsageError(`${config.name} holds ${policies.length} policies (${names}); choose one with --policy <name>`);
  }
  const merged = mergeOptions(defaults, policies[0]!.options, explicit);
  // `given`: what the file sets, so that a preset maps it onto the library's parameters like a flag.
  return { options: { ...options, ...(merged as Partial<ScheduleOptions>) }, given: new Set(Object.keys(policies[0]!.options)) };
}
