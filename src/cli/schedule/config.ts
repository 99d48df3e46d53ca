import { loadConfig, mergeOptions, selectPolicies } from "../shared/config.js";
import { UsageError, shown } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import type { OptionValues } from "../../config/option-values.js";

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
  return mergeOptions({}, policies[0]!.options, given);
}
