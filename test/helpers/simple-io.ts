import type { Io, OutStream } from "../../src/cli/shared/io.js";
import { memoryStream } from "../helpers.js";

/** An in-memory stream that keeps what is written. */
export type MemoryStream = OutStream & { readonly text: () => string };

export function memoryIo(env: Record<string, string | undefined> = { LANG: "en_US.UTF-8" }, columns?: number): Io & { stdout: MemoryStream; stderr: MemoryStream } {
  return { stdout: memoryStream(columns === undefined ? {} : { columns }), stderr: memoryStream(), env };
}
