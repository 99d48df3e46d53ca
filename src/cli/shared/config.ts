import { fstatSync } from "node:fs";
import type { JsonNode } from "../../config/read/json.js";
import { type ConfigFile, configTree, parseConfigFile } from "../../config/schema.js";
import { UsageError, shown } from "./errors.js";
import type { InStream, Io } from "./io.js";
import { PathRefused, readPath } from "./read-path.js";
import { utf8Text } from "../../config/read/utf8.js";

/** Far larger than any retry configuration; a bigger file is a mistake (a log, a dump). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export const STDIN_NAME = "<stdin>";

/** Reads `--config <file|->`: the whole file, or the whole of standard input for "-". */
export async function readConfigText(spec: string, io: Io): Promise<{ text: string; name: string }> {
  if (spec === "-") return { text: await readStdin(io.stdin), name: STDIN_NAME };
  if (spec.trim() === "") throw new UsageError(`--config needs a file name (or - for standard input), got ${shown(spec)}`);
  let bytes;
  try {
    bytes = readPath(spec, { maxBytes: MAX_CONFIG_BYTES });
  } catch (error) {
    if (!(error instanceof PathRefused)) throw error;
    if (error.kind === "directory") throw new UsageError(`--config ${shown(spec)} is a directory; give a JSON or YAML file`);
    if (error.kind === "too-large") throw new UsageError(`--config ${shown(spec)} is ${error.size} bytes; a configuration file may be at most ${MAX_CONFIG_BYTES} bytes`);
    throw new UsageError(`--config cannot read ${shown(spec)}: ${error.reason}`);
  }
  return { text: utf8Text(bytes, spec), name: spec };
}

async function readStdin(stdin: InStream | undefined): Promise<string> {
  if (stdin === undefined) throw new UsageError("--config - reads standard input, but there is none");
  if (stdin.isTTY) {
    // A terminal would leave the command waiting silently for typing.
    throw new UsageError("--config - reads standard input, which is a terminal; pipe or redirect the JSON in (backoff check --config - < retry.json)");
  }
  checkStdinKind(stdin);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stdin) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk);
      size += bytes.length;
      if (size > MAX_CONFIG_BYTES) throw new UsageError(`--config - received more than ${MAX_CONFIG_BYTES} bytes on standard input; a configuration is far smaller`);
      chunks.push(bytes);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // Standard input closed, or open for writing only (0>file): a read error, said in one line.
    throw new UsageError(`--config - cannot read standard input: ${systemReason(error)}`);
  }
  return utf8Text(Buffer.concat(chunks), STDIN_NAME);
}

/**
 * A directory (or nothing readable) redirected into standard input reads as empty, which
 * would be reported as an empty configuration; say what it is instead.
 */
function checkStdinKind(stdin: InStream): void {
  if (typeof stdin.fd !== "number") return;
  let info;
  try {
    info = fstatSync(stdin.fd);
  } catch (error) {
    throw new UsageError(`--config - cannot read standard input: ${systemReason(error)}`);
  }
  if (info.isDirectory()) throw new UsageError("--config - reads standard input, which is a directory; redirect a JSON or YAML file into it (backoff check --config - < retry.json)");
}

function systemReason(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "it is a directory";
    case "EBADF":
      return "it is not open for reading (EBADF)";
    default:
      return code ?? (error instanceof Error ? error.message.split("\n")[0]! : String(error));
  }
}

/** Reads a configuration (JSON or YAML) into its tree, for a command that looks at its sections first. */
export async function readConfigTree(spec: string, io: Io): Promise<{ root: JsonNode; text: string; name: string }> {
  const { text, name } = await readConfigText(spec, io);
  const { root, body } = configTree(text, name);
  return { root, text: body, name };
}

/** Reads and validates a configuration (JSON or YAML): every policy as option values. */
export async function loadConfig(spec: string, io: Io): Promise<ConfigFile> {
  const { text, name } = await readConfigText(spec, io);
  return parseConfigFile(text, name);
}
