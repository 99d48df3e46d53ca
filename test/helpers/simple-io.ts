import type { Io, OutStream } from "../../src/cli/io.js";

/** An in-memory stream that keeps what is written (never closes; see memory-io.ts for one that does). */
export interface MemoryStream extends OutStream {
  readonly text: () => string;
}

export function memoryStream(options: { columns?: number; isTTY?: boolean } = {}): MemoryStream {
  const chunks: string[] = [];
  return {
    write: (chunk: string) => {
      chunks.push(chunk);
      return true;
    },
    once: () => undefined,
    text: () => chunks.join(""),
    ...(options.columns === undefined ? {} : { columns: options.columns }),
    isTTY: options.isTTY ?? false,
  };
}

export function memoryIo(env: Record<string, string | undefined> = { LANG: "en_US.UTF-8" }, columns?: number): Io & { stdout: MemoryStream; stderr: MemoryStream } {
  return { stdout: memoryStream(columns === undefined ? {} : { columns }), stderr: memoryStream(), env };
}
