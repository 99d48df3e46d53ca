import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InStream, Io, OutStream } from "../src/cli/shared/io.js";
import { run } from "../src/cli/run.js";

/** An in-memory output stream that records what is written (see helpers/memory-io.ts for one that closes like `head`). */
export function memoryStream(options: { isTTY?: boolean; columns?: number } = {}): OutStream & { text: () => string } {
  let text = "";
  return {
    write(chunk: string) {
      text += chunk;
      return true;
    },
    once: () => undefined,
    isTTY: options.isTTY ?? false,
    ...(options.columns === undefined ? {} : { columns: options.columns }),
    text: () => text,
  };
}

/** Standard input made of the given chunks. */
export function memoryStdin(chunks: readonly (string | Uint8Array)[], isTTY = false): InStream {
  return {
    isTTY,
    async *[Symbol.asyncIterator]() {
      for (const chunk of chunks) yield chunk;
    },
  };
}

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in memory. */
export async function runCli(argv: readonly string[], options: { env?: Record<string, string>; stdin?: InStream } = {}): Promise<RunResult> {
  const stdout = memoryStream();
  const stderr = memoryStream();
  const io: Io = { stdout, stderr, env: options.env ?? {}, ...(options.stdin ? { stdin: options.stdin } : {}) };
  const code = await run(argv, io);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** A fresh temporary directory holding the given files; returns its path. */
export function tempFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "backoff-test-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}
