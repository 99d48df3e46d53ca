import { checkChain } from "../../core/chain/check.js";
import type { JsonNode } from "../../config/read/json.js";
import type { FormatName } from "../../format/registry.js";
import { chainInputs } from "../../config/chain-inputs.js";
import { analysedChain } from "../shared/chain-layers.js";
import { readChainConfig } from "../shared/chain-config.js";
import { UsageError } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { type OptionValues, parseCount } from "../../config/option-values.js";
import { outputRenderer } from "../shared/render.js";
import type { OutputTarget } from "./outputs.js";
import { CHAIN_WORDS, writeReports } from "./report.js";

/** What a chain's check reads of check's switches. */
export interface ChainCheckSwitches {
  readonly maxAmplification?: string;
  readonly policy?: string;
  readonly strict: boolean;
  readonly format: FormatName;
  readonly color: boolean;
  /** --output FORMAT=FILE, read (outputs.ts). */
  readonly outputs?: readonly OutputTarget[];
}

/**
 * `backoff check --config FILE` when FILE has a "chain": the calls reaching the backend
 * against --max-amplification (or the file's assert), and the stacked-retries warning.
 */
export async function runChainCheck(tree: { root: JsonNode; text: string; name: string }, explicit: OptionValues, switches: ChainCheckSwitches, io: Io): Promise<number> {
  const config = await readChainConfig(tree.root, tree.text, tree.name);
  const policyFlags = Object.keys(explicit).filter((key) => key !== "attemptTime");
  if (policyFlags.length > 0 || switches.policy !== undefined) {
    throw new UsageError(`${tree.name} holds a chain; the flags for one policy (${switches.policy !== undefined ? "--policy" : policyFlags.map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(", ")}) do not apply to it: set each layer in the file`);
  }
  // Every format asked for reports a chain, or none is written (said before anything is computed).
  for (const { format, given } of [{ format: switches.format, given: `--format ${switches.format}` }, ...(switches.outputs ?? []).map((o) => ({ format: o.format, given: `--output ${o.format}=${o.file}` }))]) {
    if ((await outputRenderer("check", { ...switches, format })).renderChain === undefined) throw new UsageError(`${given} has no report of a chain`);
  }
  const limitText = switches.maxAmplification ?? config.maxAmplification;
  const label = switches.maxAmplification !== undefined ? "--max-amplification" : `assert.max-amplification in ${config.name}`;
  const maxAmplification = limitText === undefined ? undefined : parseCount(label, limitText);
  const report = analysedChain(config.layers, chainInputs({ attemptTime: explicit.attemptTime }, config, config.name));
  const result = checkChain(report, maxAmplification === undefined ? {} : { maxAmplification });
  const broken = result.assertions.some((a) => !a.ok);
  const exitCode = broken || (switches.strict && result.warnings.length > 0) ? 1 : 0;
  const chain = { name: config.name, line: config.line, column: config.column, report, result, strict: switches.strict, exitCode, words: CHAIN_WORDS };
  await writeReports(switches, io, async (renderer, _format, context) => renderer.renderChain!(chain, context), null);
  return exitCode;
}
