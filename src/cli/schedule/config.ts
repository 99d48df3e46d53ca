import { loadConfig } from "../shared/config.js";
import { selectPolicies } from "../../config/schema.js";
import { UsageError, shown } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { ASSERT_KEYS, type OptionValues, mergeOptions } from "../../config/option-values.js";

/**
 * The schedule's values with a config file under them: the file's policy (the one
 * --policy names when it holds several), then the flags actually given. Limit keys in
 * the file (`assert`, `clients`) are for `check` and are ignored here.
 */
export async function valuesWithConfig(spec: string, policyName: string | undefined, given: OptionValues, io: Io): Promise<OptionValues> {
  const config = await loadConfig(spec, io);
  const policies = selectPolicies(config, policyName);
  if (policies.length > 1) {
    const names = policies.map((p) => shown(p.name ?? "")).join(", ");
    throw new UsageError(`${config.name} holds ${policies.length} policies (${names}); choose one with --policy <name>`);
  }
  // The file's limits and try times are check's (--attempt-time and --deadline on the command line still apply).
  const file: OptionValues = { ...policies[0]!.options };
  for (const { option } of Object.values(ASSERT_KEYS)) delete file[option];
  return mergeOptions({}, file, given);
}
