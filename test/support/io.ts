import type { InStream, Io, OutStream } from "../../src/cli/shared/io.js";

/**
 * The one in-memory output stream of the tests: `text` is everything written so far.
 * With a `limit` it closes itself once that many characters have arrived, like a reader
 * that goes away (`backoff … | head`): write() then returns false and 'close' follows.
 */
export class MemoryStream implements OutStream {
  text = "";
  destroyed = false;
  private listeners = new Map<string, Array<(...args: unknown[]) => void>>();

  constructor(
    readonly isTTY = false,
    readonly columns: number | undefined = undefined,
    private readonly limit = Infinity,
  ) {}

  write(chunk: string | Uint8Array): boolean {
    if (this.destroyed) return false;
    // Bytes come in whole UTF-8 pieces (writeByteChunks).
    this.text += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (this.text.length >= this.limit) {
      this.destroyed = true;
      queueMicrotask(() => this.emit("close"));
      return false;
    }
    return true;
  }

  once(event: string, listener: (...args: unknown[]) => void): this {
    const list = this.listeners.get(event) ?? [];
    list.push(listener);
    this.listeners.set(event, list);
    return this;
  }

  removeListener(event: string, listener: (...args: unknown[]) => void): this {
    this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== listener));
    return this;
  }

  private emit(event: string): void {
    const list = this.listeners.get(event) ?? [];
    this.listeners.delete(event);
    for (const listener of list) listener();
  }
}

export interface MemoryIoOptions {
  /** The environment `run` sees; empty unless given (no colour or locale settings leak in from the machine). */
  readonly env?: Record<string, string | undefined>;
  /** Whether stdout claims to be a terminal. */
  readonly isTTY?: boolean;
  /** stdout's terminal width; unknown unless given. */
  readonly columns?: number;
  /** stdout closes after this many characters (a reader that goes away). */
  readonly stdoutLimit?: number;
  /** Standard input; absent unless given. */
  readonly stdin?: InStream;
}

export interface MemoryIo extends Io {
  readonly stdout: MemoryStream;
  readonly stderr: MemoryStream;
}

export function memoryIo(options: MemoryIoOptions = {}): MemoryIo {
  return {
    stdout: new MemoryStream(options.isTTY ?? false, options.columns, options.stdoutLimit ?? Infinity),
    stderr: new MemoryStream(),
    env: options.env ?? {},
    ...(options.stdin ? { stdin: options.stdin } : {}),
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
