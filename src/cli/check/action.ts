import { checkExitCode } from "../../core/check.js";
import type { ConfigReport, PolicyReport } from "../../core/check-report/config-report.js";
import { type OptionValues, mergeOptions } from "../../config/option-values.js";
import { checkValues } from "./check-values.js";
import { inFileTerms } from "../../config/check-choice.js";
import { backoff as backoffShape } from "../../config/shapes/backoff.js";
import { STDIN_NAME, readConfigTree } from "../shared/config.js";
import { readConfigNode, selectPolicies } from "../../config/schema.js";
import { hasChainSection } from "../../config/chain-config.js";
import { readRepoConfig } from "../../config/repo-config.js";
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
  // A repository config's keys (rules, exclude, overrides) are checked here too, so that a file means the same with and without PATH.
  if (tree !== null) readRepoConfig(tree.root, tree.text, tree.name);
  if (tree !== null && hasChainSection(tree.root)) {
    const { runChainCheck } = await import("./chain-check.js");
    return runChainCheck(tree, explicit, switches, io);
  }
  if (switches.maxAmplification !== undefined) {
    throw new UsageError('--max-amplification checks a chain: give --config FILE with a "chain" section (a single policy sends at most its attempts + 1 tries; --max-attempts bounds that)');
  }
  const config = tree === null ? null : readConfigNode(tree.root, tree.text, tree.name);
  const policies = selectPolicies(config, switches.policy);
  const reports: PolicyReport[] = policies.map((p) => {
    try {
      const { stopNote: _, jittered: __, ...checked } = checkValues(mergeOptions({}, p.options, explicit));
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
  const filesOf = (given: string) => configFilesReport(reports, config?.name ?? null, switches.strict, given);
  const report: ConfigReport = { policies: reports, file: config === null || config.name === STDIN_NAME ? null : config.name, strict: switches.strict, exitCode, words: CONFIG_WORDS };
  await writeCheckReport({ kind: "config", report }, switches, annotate, io, filesOf);
  return exitCode;
}
