import type { Io, OutStream } from "../../src/cli/shared/io.js";

/** An in-memory output stream: collects what is written; optionally closes after `limit` characters, like `head`. */
export class MemoryStream implements OutStream {
  text = "";
  destroyed = false;
  private listeners = new Map<string, Array<(...args: unknown[]) => void>>();

  constructor(
    readonly isTTY = false,
    readonly columns: number | undefined = undefined,
    private readonly limit = Infinity,
  ) {}

  write(chunk: string): boolean {
    if (this.destroyed) return false;
    this.text += chunk;
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

export interface MemoryIo extends Io {
  readonly stdout: MemoryStream;
  readonly stderr: MemoryStream;
}

export function memoryIo(options: { env?: Record<string, string>; isTTY?: boolean; columns?: number; stdoutLimit?: number } = {}): MemoryIo {
  return {
    stdout: new MemoryStream(options.isTTY ?? false, options.columns, options.stdoutLimit ?? Infinity),
    stderr: new MemoryStream(),
    env: options.env ?? {},
  };
}
