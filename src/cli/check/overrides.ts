import { isAbsolute, relative, resolve, sep } from "node:path";
import type { RuleLevel } from "../../core/check-report/rules.js";
import type { LevelOf } from "../../core/check-report/rule-levels.js";
import type { RepoConfig } from "../../config/repo-config.js";
import { ASSERT_KEYS, type OptionValues, mergeOptions } from "../../config/option-values.js";
import { UsageError, shown } from "../shared/errors.js";
import { type IgnoreRule, ignoreRule, isIgnored } from "./ignore.js";
import type { FoundConfig } from "./repo-config.js";

// A repository config's settings per file (repo-config.ts finds the config): which of its
// `overrides` apply to a file, the limits its policies are checked under, a rule's level in
// it. Plain data once compiled, so the scan's workers take it (pool.ts).

/** The settings of a config's overrides, compiled once: which files each applies to. */
export interface CompiledOverrides {
  readonly dir: string;
  readonly overrides: readonly { readonly files: readonly IgnoreRule[]; readonly options: OptionValues; readonly rules: ReadonlyMap<string, RuleLevel>; readonly grpcClient?: string }[];
}

export function compileOverrides(found: FoundConfig): CompiledOverrides {
  return {
    dir: found.dir,
    overrides: found.config.overrides.map((o, i) => ({
      files: o.files.map((glob) => {
        try {
          const rule = ignoreRule(glob);
          if (rule === null) throw new UsageError(`${found.config.name}: overrides[${i}].files: ${shown(glob)} is no glob`);
          return rule;
        } catch (error) {
          if (error instanceof UsageError) throw error;
          throw new UsageError(`${found.config.name}: overrides[${i}].files ${shown(glob)}: ${(error as Error).message}`);
        }
      }),
      options: o.options,
      rules: o.rules,
      ...(o.grpcClient === undefined ? {} : { grpcClient: o.grpcClient }),
    })),
  };
}

/** The indices of the overrides that apply to a file (its path as given or as reports name it, relative to the working directory). */
export function overridesFor(compiled: Pick<CompiledOverrides, "dir" | "overrides">, file: string): number[] {
  if (compiled.overrides.length === 0) return [];
  const rel = relative(compiled.dir, resolve(file));
  if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return [];
  const path = rel.split(sep).join("/");
  const matched: number[] = [];
  compiled.overrides.forEach((o, i) => {
    // The last glob that matches decides, as in .gitignore: "!" leaves a file out again.
    if (isIgnored(o.files, path, false)) matched.push(i);
  });
  return matched;
}

/** The option values a file's policies are checked under: the config's, its matching overrides' in order, then the flags. */
export function fileOptions(configOptions: OptionValues, overrides: readonly { readonly options: OptionValues }[], matched: readonly number[], flags: OptionValues): OptionValues {
  let merged = configOptions;
  for (const i of matched) merged = mergeOptions({}, merged, overrides[i]!.options);
  return mergeOptions({}, merged, flags);
}

/** The gRPC client a file's service configs are checked as: the flag's, else the last matching override's, else the config's top. */
export function fileGrpcClient(flag: string | undefined, configClient: string | undefined, overrides: readonly { readonly grpcClient?: string }[], matched: readonly number[]): string | undefined {
  if (flag !== undefined) return flag;
  let client = configClient;
  for (const i of matched) client = overrides[i]!.grpcClient ?? client;
  return client;
}

/**
 * The rules' levels in each file, as the config and its overrides set them (each file's
 * overrides matched once; `stdin`, standard input's name, matches none): undefined when the
 * config sets no level. `check PATH…` and `check --config FILE` alike (issue 37, item 1).
 * A rule whose level a flag sets (`--unreachable-retries error`, among `flags`) keeps the
 * flag's: flags override the file.
 */
export function levelsOf(config: Pick<RepoConfig, "rules">, compiled: Pick<CompiledOverrides, "dir" | "overrides">, stdin: string, flags: OptionValues = {}): LevelOf | undefined {
  const anyRules = config.rules.size > 0 || compiled.overrides.some((o) => o.rules.size > 0);
  if (!anyRules) return undefined;
  const byFlags = new Set(Object.entries(ASSERT_KEYS).flatMap(([rule, key]) => (key.kind === "level" && flags[key.option] !== undefined ? [rule] : [])));
  const byFile = new Map<string, readonly number[]>();
  return (file, rule) => {
    if (byFlags.has(rule)) return undefined;
    let matched = byFile.get(file);
    if (matched === undefined) byFile.set(file, (matched = file === stdin ? [] : overridesFor(compiled, file)));
    let level = config.rules.get(rule);
    for (const i of matched) level = compiled.overrides[i]!.rules.get(rule) ?? level;
    return level;
  };
}
