import { dirname, isAbsolute, join, normalize } from "node:path";
import { type ChainConfig, type ReferencedFile, chainReferences, hasChainSection, readChainSection } from "../../config/chain-config.js";
import { kindOfName } from "../../config/policy-reference.js";
import type { JsonNode } from "../../config/read/json.js";
import { recogniseFile } from "../../config/recognise.js";
import { CHAIN_LAYERS } from "./chain-layers.js";
import { STDIN_NAME, readConfigTree } from "./config.js";
import { UsageError } from "./errors.js";
import type { Io } from "./io.js";
import { MAX_FILE_BYTES, PathRefused, readPath } from "./read-path.js";
import { utf8Text } from "../../config/read/utf8.js";

// A configuration's `chain` section as `chain --config` and `check --config` read it: the
// files its layers refer to read first (config/chain-config.ts reads the text), the layers
// built by the presets (chain-layers.ts).

/** Reads `--config FILE` for a chain: the file must have a `chain` section. */
export async function loadChainConfig(spec: string, io: Io): Promise<ChainConfig> {
  const { root, text, name } = await readConfigTree(spec, io);
  if (!hasChainSection(root)) throw new UsageError(`${name} has no "chain" section; list the layers outermost first: {"chain": ["aws-sdk", "istio", "resilience4j"]}`);
  return readChainConfig(root, text, name);
}

/** The chain of a parsed configuration, with the files its layers refer to read first, each once. */
export async function readChainConfig(root: JsonNode, text: string, name: string): Promise<ChainConfig> {
  const files = new Map<string, ReferencedFile>();
  for (const file of chainReferences(root)) {
    const path = referencePath(name, file);
    if (!files.has(path)) files.set(path, await readReferenced(path));
  }
  return readChainSection(root, text, name, CHAIN_LAYERS, (file) => files.get(referencePath(name, file)));
}

/** Where a reference's file is: relative to the config's folder (to the working directory for standard input). */
function referencePath(configName: string, file: string): string {
  return normalize(isAbsolute(file) || configName === STDIN_NAME ? file : join(dirname(configName), file));
}

/** A referenced file read and recognised through the shape registry, as check PATH reads it. */
async function readReferenced(path: string): Promise<ReferencedFile> {
  const kind = kindOfName(path);
  if (kind === null) return { name: path, error: `${path} is not a file check reads: give a .json, .yaml, .yml, .properties, .asl or .toml file` };
  let text: string;
  try {
    // As check PATH reads a file it is named: a regular file of at most 10 MB (a FIFO blocked here forever).
    text = utf8Text(readPath(path, { maxBytes: MAX_FILE_BYTES }), path);
  } catch (error) {
    if (error instanceof UsageError) return { name: path, error: error.message };
    if (!(error instanceof PathRefused)) throw error;
    if (error.kind === "too-large") return { name: path, error: `${path} is ${error.size} bytes; backoff reads configuration files of at most 10 MB` };
    return { name: path, error: `cannot read ${path}: ${error.reason}` };
  }
  try {
    return { name: path, result: recogniseFile({ name: path, text, kind, named: true }) };
  } catch (error) {
    if (error instanceof UsageError) return { name: path, error: error.message };
    throw error;
  }
}
