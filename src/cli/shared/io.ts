/**
 * What `run` needs from the outside world. The binary passes the real process
 * streams; tests pass in-memory ones. Nothing under src/ touches `process`.
 */
export interface OutStream {
  /** Returns false when the stream wants the writer to wait for 'drain'. Bytes are UTF-8 (writeByteChunks). */
  write(chunk: string | Uint8Array): boolean;
  once(event: "drain" | "close" | "error", listener: (...args: unknown[]) => void): unknown;
  removeListener?(event: "drain" | "close" | "error", listener: (...args: unknown[]) => void): unknown;
  /** Set by Node once the stream is closed or failed (a reader that went away). */
  readonly destroyed?: boolean;
  readonly writableEnded?: boolean;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** Standard input, read whole by `--config -`; isTTY says a person would be typing into it. */
export interface InStream extends AsyncIterable<string | Uint8Array> {
  readonly isTTY?: boolean;
  /** The file descriptor (0 for the process's standard input), to tell a redirected directory. */
  readonly fd?: number;
}

export interface Io {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Absent when the caller has no standard input to offer. */
  readonly stdin?: InStream;
  /**
   * Aborted when the user interrupts (Ctrl-C: the binary's SIGINT): output stops after the
   * last whole row, a JSON document is closed, and run returns 130.
   */
  readonly signal?: AbortSignal;
}

/** How streamed output ends early on an interrupt: the signal, and what closes a half-written document. */
export interface Interrupt {
  readonly signal?: AbortSignal | undefined;
  /** Written after the last whole piece when interrupted (a JSON document's closing brackets). */
  readonly tail?: () => string;
}

/** Lets pending events (a SIGINT handler) run between chunks; a resolved promise would not. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Bytes gathered before each write: large enough that the per-write cost vanishes. */
const CHUNK_SIZE = 64 * 1024;

function waitForDrain(out: OutStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.removeListener?.("drain", done);
      out.removeListener?.("close", done);
      out.removeListener?.("error", done);
      resolve();
    };
    out.once("drain", done);
    out.once("close", done);
    out.once("error", done);
  });
}

/**
 * Writes lazily produced text in 64 KB chunks, waiting whenever the stream asks
 * (back-pressure), and stops producing as soon as the reader has gone away, so a
 * ten-million-row CSV piped into `head` costs only what `head` read.
 */
export async function writeChunks(out: OutStream, pieces: Iterable<string>, interrupt: Interrupt = {}): Promise<void> {
  // Pieces are gathered in an array and joined once per chunk: one flat string to
  // encode, instead of a rope of thousands of small strings that V8 flattens on write.
  // Every piece is whole (a row, a batch of rows, a header), so stopping between pieces
  // never leaves half a row.
  const { signal } = interrupt;
  if (signal?.aborted) return;
  let gathered: string[] = [];
  let length = 0;
  let consumed = 0;
  for (const piece of pieces) {
    gathered.push(piece);
    length += piece.length;
    consumed++;
    if (length >= CHUNK_SIZE) {
      if (out.destroyed) return;
      const ready = out.write(gathered.join(""));
      gathered = [];
      length = 0;
      if (!ready) {
        await waitForDrain(out);
        if (out.destroyed) return;
      } else if (signal) {
        await nextTurn();
      }
      if (signal?.aborted) break;
    }
  }
  if (length > 0 && !out.destroyed) out.write(gathered.join(""));
  if (signal?.aborted && consumed > 0 && interrupt.tail && !out.destroyed) out.write(interrupt.tail());
}

/**
 * writeChunks for text that partly arrives already encoded (UTF-8 bytes, each piece whole):
 * `check DIR`'s JSON report, rendered on worker threads and handed over without copying.
 * Byte pieces are written as they are, never gathered into a larger buffer: the report
 * is tens of megabytes already in memory, and copying it into fresh buffers cost more
 * than the writes (first touches of new memory are slow on small virtual machines: about
 * 80 ms for 18 MB on this project's). Strings between them (commas, the report's frame)
 * are gathered and written before the next byte piece.
 */
export async function writeByteChunks(out: OutStream, pieces: Iterable<string | Uint8Array>): Promise<void> {
  let text = "";
  const write = async (chunk: string | Uint8Array): Promise<boolean> => {
    if (out.destroyed) return false;
    if (!out.write(chunk)) {
      await waitForDrain(out);
      if (out.destroyed) return false;
    }
    return true;
  };
  for (const piece of pieces) {
    if (typeof piece === "string") {
      text += piece;
      if (text.length < CHUNK_SIZE) continue;
      if (!(await write(text))) return;
      text = "";
      continue;
    }
    if (text.length > 0) {
      if (!(await write(text))) return;
      text = "";
    }
    if (!(await write(piece))) return;
  }
  if (text.length > 0) await write(text);
}
