import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Io, OutStream } from "../../src/cli/shared/io.js";
import { run } from "../../src/cli/run.js";
import { MemoryStream } from "../support/io.js";

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
    const root = fileURLToPath(new URL("../..", import.meta.url));
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
