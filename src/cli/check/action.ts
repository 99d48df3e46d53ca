import { checkExitCode } from "../../core/check.js";
import type { ConfigReport, PolicyReport } from "../../core/check-report/config-report.js";
import { type OptionValues, mergeOptions } from "../../config/option-values.js";
import { checkValues } from "./check-values.js";
import { inFileTerms } from "../../config/check-choice.js";
import { backoff as backoffShape } from "../../config/shapes/backoff.js";
import { STDIN_NAME, readConfigTree } from "../shared/config.js";
import { readConfigNode, selectPolicies } from "../../config/schema.js";
import { hasChainSection } from "../../config/chain-config.js";
import { type RepoConfig, readRepoConfig } from "../../config/repo-config.js";
import { type LevelOf, resultAtLevels } from "../../core/check-report/rule-levels.js";
import { compileOverrides, fileOptions, levelsOf, overridesFor } from "./overrides.js";
import { displayName } from "./discover.js";
import { dirname, resolve } from "node:path";
import { UsageError, shown } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { outputRenderer } from "../shared/render.js";
import type { FormatName } from "../../format/registry.js";
import type { OutputTarget } from "./outputs.js";
import { CONFIG_WORDS, writeCheckReport } from "./report.js";

/** The check command's own switches (the policy and limit values come as OptionValues). */
export interface CheckSwitches {
  readonly config?: string;
  readonly maxAmplification?: string;
  readonly policy?: string;
  readonly strict: boolean;
  readonly format: FormatName;
  readonly color: boolean;
  /** --output FORMAT=FILE, read (outputs.ts). */
  readonly outputs?: readonly OutputTarget[];
}

export async function runCheck(explicit: OptionValues, switches: CheckSwitches, io: Io): Promise<number> {
  const tree = switches.config === undefined ? null : await readConfigTree(switches.config, io);
  // A repository config's keys (rules, exclude, overrides) are read here too, so that a file means the same with and without PATH.
  const repo = tree === null ? null : readRepoConfig(tree.root, tree.text, tree.name);
  if (tree !== null && hasChainSection(tree.root)) {
    const { runChainCheck } = await import("./chain-check.js");
    return runChainCheck(tree, explicit, switches, io);
  }
  if (switches.maxAmplification !== undefined) {
    throw new UsageError('--max-amplification checks a chain: give --config FILE with a "chain" section (a single policy sends at most its attempts + 1 tries; --max-attempts bounds that)');
  }
  const config = tree === null ? null : readConfigNode(tree.root, tree.text, tree.name);
  const policies = selectPolicies(config, switches.policy);
  // Its settings apply to its own policies as `check FILE` applies them when FILE is the repository's config (issue 37, item 1):
  // its `assert` and `clients`, then those of the overrides whose globs match the file itself, under the policy's own values and the flags; its rules' levels.
  const settings = repo === null || config === null ? null : configSettings(repo, config.name, explicit);
  const reports: PolicyReport[] = policies.map((p) => {
    try {
      const { stopNote: _, jittered: __, ...atOwnLevels } = checkValues(mergeOptions(settings?.under ?? {}, p.options, explicit));
      const checked = settings?.levelOf === undefined ? atOwnLevels : { ...atOwnLevels, result: resultAtLevels(atOwnLevels.result, (rule) => settings.levelOf!(settings.file, rule)) };
      // A policy of a config file is edited there: its warnings name the file's keys.
      const terms = config === null || checked.terms === undefined ? {} : { terms: inFileTerms(checked.terms, backoffShape.levers) };
      return { name: p.name, line: config === null ? null : p.line, column: config === null ? null : p.column, ...checked, ...terms };
    } catch (error) {
      if (error instanceof UsageError && p.name !== null) throw new UsageError(`policy ${shown(p.name)} in ${config!.name}: ${error.message}`);
      throw error;
    }
  });
  const exitCode = checkExitCode(reports.map((r) => r.result), switches.strict);
  // A format that points at lines of files is handed the config file's policies as check PATH reports files, each at its line; no annotations beside it then.
  const atLines = (await outputRenderer("check", switches)).atLines === true;
  const annotate = io.env["GITHUB_ACTIONS"] === "true" && !atLines;
  const { configFilesReport } = await import("./files.js");
  const filesOf = (given: string) => configFilesReport(reports, config?.name ?? null, switches.strict, given, settings?.levelOf);
  const report: ConfigReport = { policies: reports, file: config === null || config.name === STDIN_NAME ? null : config.name, strict: switches.strict, exitCode, words: CONFIG_WORDS };
  await writeCheckReport({ kind: "config", report }, switches, annotate, io, filesOf);
  return exitCode;
}

/**
 * What a config's repository settings make of its own policies under `check --config FILE`
 * (as `check FILE` finds them with FILE the repository's config): the options under the
 * policies' own (its top's `assert` and `clients`, then its overrides' that match the file,
 * in order) and its rules' levels in the file (as the reports name it).
 */
function configSettings(repo: RepoConfig, name: string, flags: OptionValues): { under: OptionValues; levelOf: LevelOf | undefined; file: string } {
  const stdin = name === STDIN_NAME;
  const compiled = compileOverrides({ config: repo, dir: stdin ? resolve(".") : dirname(resolve(name)) });
  const matched = stdin ? [] : overridesFor(compiled, name);
  const file = stdin ? name : displayName(name);
  return { under: fileOptions(repo.options, compiled.overrides, matched, {}), levelOf: levelsOf(repo, compiled, STDIN_NAME, flags), file };
}
