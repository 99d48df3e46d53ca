import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type Io, type OutStream, writeByteChunks, writeChunks } from "../../../src/cli/shared/io.js";
import { run } from "../../../src/cli/run.js";
import { MemoryStream, memoryIo } from "../../support/io.js";

// src/cli/shared/io.ts: writing to a stream in 64 KB chunks, with back-pressure, stopping when the
// reader goes away or the user interrupts. The Ctrl-C tests were folded in from test/cli/interrupt.test.ts.

/** A stream that records each write's length; `ready` says what write() answers, in turn. */
class Recorder implements OutStream {
  readonly writes: (string | Uint8Array)[] = [];
  destroyed = false;
  private readonly listeners: Record<string, Array<(...args: unknown[]) => void>> = {};
  constructor(private readonly ready: (index: number) => boolean = () => true) {}
  write(chunk: string | Uint8Array): boolean {
    this.writes.push(chunk);
    return this.ready(this.writes.length - 1);
  }
  once(event: string, listener: (...args: unknown[]) => void): this {
    (this.listeners[event] ??= []).push(listener);
    return this;
  }
  removeListener(event: string, listener: (...args: unknown[]) => void): this {
    this.listeners[event] = (this.listeners[event] ?? []).filter((l) => l !== listener);
    return this;
  }
  emit(event: string): void {
    for (const listener of this.listeners[event] ?? []) listener();
  }
  get lengths(): number[] {
    return this.writes.map((chunk) => chunk.length);
  }
}

/** `count` pieces of `size` characters, counting how many were asked for. */
function counted(count: number, size: number): { pieces: Iterable<string>; pulled: () => number } {
  let pulled = 0;
  return {
    pieces: (function* () {
      for (let i = 0; i < count; i++) {
        pulled++;
        yield "x".repeat(size);
      }
    })(),
    pulled: () => pulled,
  };
}

describe("writeChunks", () => {
  it("gathers pieces into writes of at least 64 KB (65,536 characters), the rest at the end", async () => {
    // 100 pieces of 1,000: the 66th brings 66,000 ≥ 65,536, written at once; the other 34 make 34,000.
    const out = new Recorder();
    await writeChunks(out, counted(100, 1000).pieces);
    expect(out.lengths).toEqual([66_000, 34_000]);
    expect(out.writes.join("")).toBe("x".repeat(100_000));
  });

  it("waits for 'drain' when the stream asks, then goes on", async () => {
    const out = new Recorder((index) => index !== 0);
    const { pieces, pulled } = counted(200, 1000);
    const done = writeChunks(out, pieces);
    await new Promise((resolve) => setImmediate(resolve));
    // Stopped after the first write (66 pieces) until the stream drains.
    expect([out.lengths, pulled()]).toEqual([[66_000], 66]);
    out.emit("drain");
    await done;
    // 66,000 + 66,000 + 66,000 + 2,000
    expect(out.lengths).toEqual([66_000, 66_000, 66_000, 2000]);
  });

  it("a reader that goes away (the stream closes): stops producing, and ends quietly", async () => {
    // MemoryStream with a limit closes itself as `backoff … | head` does; an endless source is asked for one chunk only.
    const out = new MemoryStream(false, undefined, 100);
    const { pieces, pulled } = counted(Number.MAX_SAFE_INTEGER, 1000);
    await writeChunks(out, pieces);
    expect([out.text.length, pulled()]).toEqual([66_000, 66]);
  });

  it("a closed pipe (EPIPE): the stream fails, is destroyed, and the writing stops with no error", async () => {
    // Node on EPIPE: write() is refused, 'error' is emitted and the stream is destroyed.
    const out = new Recorder(() => false);
    const { pieces, pulled } = counted(1000, 1000);
    const done = writeChunks(out, pieces);
    await new Promise((resolve) => setImmediate(resolve));
    out.destroyed = true;
    out.emit("error");
    await expect(done).resolves.toBeUndefined();
    expect([out.lengths, pulled()]).toEqual([[66_000], 66]);
  });

  it("an interrupt before anything is written writes nothing; after, the tail closes what was cut", async () => {
    const aborted = new AbortController();
    aborted.abort();
    const out = new Recorder();
    await writeChunks(out, ["a", "b"], { signal: aborted.signal, tail: () => "]" });
    expect(out.writes).toEqual([]);
    const later = new AbortController();
    const cut = new Recorder((index) => {
      later.abort();
      return index >= 0;
    });
    const { pieces, pulled } = counted(1000, 1000);
    await writeChunks(cut, pieces, { signal: later.signal, tail: () => "]}" });
    // The first chunk (66 pieces), aborted while it was written: no more pieces, then the tail.
    expect([cut.lengths, cut.writes.at(-1), pulled()]).toEqual([[66_000, 2], "]}", 66]);
  });
});

describe("writeByteChunks", () => {
  it("writes byte pieces as they are (the same buffer), gathering the strings between them", async () => {
    const bytes = new TextEncoder().encode("[1,2]");
    const out = new Recorder();
    await writeByteChunks(out, ["{", '"rows":', bytes, "}"]);
    expect(out.writes).toEqual(['{"rows":', bytes, "}"]);
    expect(out.writes[1]).toBe(bytes);
  });

  it("stops at a stream that has closed", async () => {
    const out = new Recorder(() => false);
    const done = writeByteChunks(out, [new Uint8Array(3), new Uint8Array(4)]);
    await new Promise((resolve) => setImmediate(resolve));
    out.destroyed = true;
    out.emit("close");
    await done;
    expect(out.lengths).toEqual([3]);
  });
});

describe("run on a stream that goes away", () => {
  it("2^53 − 1 attempts into a reader of 3,000 characters: exit 0, nothing on stderr", async () => {
    const io = memoryIo({ stdoutLimit: 3000 });
    expect(await run(["--attempts", "1..9007199254740991", "--cap", "1m", "--format", "csv"], io)).toBe(0);
    expect(io.stderr.text).toBe("");
    expect(io.stdout.text.startsWith("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,1000,1000,1000,1000,1000\n")).toBe(true);
  });
});

// Issue 16, item 16: Ctrl-C while streaming stops after the last whole row, closes a JSON
// document, and exits 130.

/** An Io whose "user" presses Ctrl-C once `after` characters have been written. */
function interruptedIo(after: number): Io & { text: () => string } {
  const controller = new AbortController();
  const inner = new MemoryStream();
  let written = 0;
  const stdout: OutStream = {
    write(chunk: string) {
      written += chunk.length;
      if (written >= after) controller.abort();
      return inner.write(chunk);
    },
    once: () => undefined,
    isTTY: false,
  };
  return { stdout, stderr: new MemoryStream(), env: {}, signal: controller.signal, text: () => inner.text };
}

const LONG = ["--attempts", "1..100000000", "--cap", "1m", "--jitter", "full", "--seed", "1"];
/** A table draws at most 100,000 rows. */
const LONG_TABLE = ["--attempts", "1..100000", "--cap", "1m", "--jitter", "full", "--seed", "1"];

describe("Ctrl-C while streaming (item 16)", () => {
  it.each(["csv", "tsv", "markdown", "table"])("%s: exit 130, whole lines only, far fewer than asked", async (format) => {
    const io = interruptedIo(200_000);
    expect(await run([...(format === "table" ? LONG_TABLE : LONG), "--format", format], io)).toBe(130);
    const text = io.text();
    expect(text.endsWith("\n")).toBe(true);
    const lines = text.trimEnd().split("\n");
    // Every line has as many fields as the header: no row is cut.
    const separator = format === "csv" ? "," : format === "tsv" ? "\t" : format === "markdown" ? "|" : "│";
    const fields = (line: string) => line.split(separator).length;
    const rowLines = format === "table" ? lines.filter((line) => line.startsWith("│")) : lines;
    expect(new Set(rowLines.map(fields)).size).toBe(1);
    expect(lines.length).toBeLessThan(10_000);
  });

  it("json: the rows so far, then a valid close with no summary", async () => {
    const io = interruptedIo(200_000);
    expect(await run([...LONG, "--format", "json"], io)).toBe(130);
    const doc = JSON.parse(io.text());
    expect(doc.interrupted).toBe(true);
    expect(doc.summary).toBeNull();
    expect(doc.rows.length).toBeGreaterThan(0);
    expect(doc.rows.map((r: { attempt: number }) => r.attempt)).toEqual(Array.from({ length: doc.rows.length }, (_, i) => i + 1));
  });

  it("the binary: a real SIGINT mid-stream gives exit 130 and a JSON document that parses", { timeout: 30_000 }, async () => {
    const root = fileURLToPath(new URL("../../..", import.meta.url));
    const child = spawn(process.execPath, ["bin/backoff.js", ...LONG, "--format", "json"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let signalled = false;
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
      if (!signalled && out.length > 100_000) {
        signalled = true;
        child.kill("SIGINT");
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(130);
    const doc = JSON.parse(out);
    expect(doc.interrupted).toBe(true);
  });
});
