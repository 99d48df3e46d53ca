import { spawn, spawnSync } from "node:child_process";
import type { RunResult } from "./cli.js";
import { BIN, ROOT } from "./paths.js";

export interface SpawnBinOptions {
  /** The working directory; the repository root unless given. */
  readonly cwd?: string;
  /**
   * The child's environment is PATH alone plus these entries (an entry set to undefined
   * is left out), so no colour settings or CI variables leak in from the machine.
   */
  readonly env?: Record<string, string | undefined>;
  /** Written to standard input, which is then closed; empty unless given. */
  readonly input?: string;
}

function childEnv(env: SpawnBinOptions["env"]): Record<string, string | undefined> {
  return { PATH: process.env["PATH"] ?? "", ...env };
}

/** Runs the built binary, `node bin/backoff.js …args`, the way a user or a CI job runs it; waits for it to end. */
export function spawnBin(args: readonly string[], options: SpawnBinOptions = {}): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: childEnv(options.env),
    input: options.input ?? "",
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Like spawnBin, but standard input is a pipe that stays open until the child has ended. */
export async function spawnBinWithOpenStdin(args: readonly string[], options: Omit<SpawnBinOptions, "input"> = {}): Promise<Omit<RunResult, "code"> & { code: number | null }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: childEnv(options.env),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  child.stdin.destroy();
  return { code, stdout, stderr };
}
