import type { ChainLayer } from "../../core/chain/layer.js";
import type { FormatName } from "../../format/registry.js";
import { chainInputs } from "../../config/chain-inputs.js";
import type { ChainConfig } from "../../config/chain-config.js";
import { loadChainConfig } from "../shared/chain-config.js";
import { analysedChain, chainLayerFromSpec } from "../shared/chain-layers.js";
import { UsageError } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { outputRenderer, renderContext, writeRendered } from "../shared/render.js";

/** `backoff chain`'s options as commander hands them over. */
export interface ChainOptions {
  readonly config?: string;
  readonly attemptTime?: string;
  readonly failureRate?: string;
  readonly failure?: string;
  readonly rps?: string;
  readonly format: FormatName;
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
  const renderer = await outputRenderer("chain", options);
  const report = analysedChain(layers, chainInputs(options, file, file?.name ?? null));
  await writeRendered(await renderer.render({ report }, renderContext(io, options)), io);
  return 0;
}
