import type { ChainLayer } from "../../core/chain/layer.js";
import { renderChainDelimited, renderChainJson } from "../../format/chain.js";
import { renderChainMarkdown } from "../../format/chain-markdown.js";
import { chalkAt } from "../shared/chalk.js";
import { analysedChain, chainInputs } from "../shared/chain-inputs.js";
import { type ChainConfig, loadChainConfig } from "../shared/chain-config.js";
import { chainLayerFromSpec } from "../shared/chain-layers.js";
import { colorLevel } from "../shared/color.js";
import { UsageError } from "../shared/errors.js";
import { type Io, writeChunks } from "../shared/io.js";
import { outputWidth } from "../shared/width.js";
import type { ChainFormat } from "./command.js";

/** `backoff chain`'s options as commander hands them over. */
export interface ChainOptions {
  readonly config?: string;
  readonly attemptTime?: string;
  readonly failureRate?: string;
  readonly rps?: string;
  readonly format: ChainFormat;
  readonly color: boolean;
}

/** The layers from the SPECs or from the file's chain (not both: the order would be a guess). */
export async function chainFrom(specs: readonly string[], config: string | undefined, io: Io): Promise<{ layers: readonly ChainLayer[]; file: ChainConfig | null }> {
  if (specs.length > 0 && config !== undefined) throw new UsageError("chain takes its layers as SPECs or from --config's \"chain\", not both; the order across them would be a guess");
  if (config !== undefined) {
    const file = await loadChainConfig(config, io);
    return { layers: file.layers, file };
  }
  if (specs.length === 0) throw new UsageError("chain needs its layers, outermost first: backoff chain aws-sdk istio resilience4j (or --config FILE with a \"chain\" section)");
  return { layers: specs.map((spec) => chainLayerFromSpec(spec)), file: null };
}

export async function runChain(specs: readonly string[], options: ChainOptions, io: Io): Promise<number> {
  const { layers, file } = await chainFrom(specs, options.config, io);
  const report = analysedChain(layers, chainInputs(options, file, file?.name ?? null));
  switch (options.format) {
    case "csv":
    case "tsv":
      await writeChunks(io.stdout, [renderChainDelimited(report, options.format === "csv" ? "," : "\t")]);
      break;
    case "json":
      await writeChunks(io.stdout, [renderChainJson(report)]);
      break;
    case "markdown":
      await writeChunks(io.stdout, [renderChainMarkdown(report)]);
      break;
    case "table": {
      const [paint, { renderChainTable }] = await Promise.all([chalkAt(colorLevel(options.color, io.stdout.isTTY === true, io.env)), import("../../format/chain-table.js")]);
      const fitted = outputWidth(io);
      await writeChunks(io.stdout, renderChainTable(report, paint, fitted ?? io.stdout.columns ?? 80, fitted));
      break;
    }
  }
  return 0;
}

