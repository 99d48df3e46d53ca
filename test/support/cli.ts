import { run } from "../../src/cli/run.js";
import { type MemoryIoOptions, memoryIo } from "./io.js";

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in-process, through src/cli/run.ts, on an in-memory Io (see memoryIo for the options). */
export async function runCli(argv: readonly string[], options: MemoryIoOptions = {}): Promise<RunResult> {
  const io = memoryIo(options);
  const code = await run(argv, io);
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}
