import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAttemptCount, renderContext, writeRendered } from "../../../src/cli/shared/render.js";
import { ROOT } from "../../support/paths.js";
import { memoryIo } from "../../support/io.js";

// src/cli/shared/render.ts: what every renderer is handed, decided once from the command's io, and
// how what it gives is written.

describe("renderContext: colour", () => {
  // `--no-color` wins; then FORCE_COLOR (0/false off, 2 and 3 richer, anything else 1); then NO_COLOR; then only a terminal.
  it.each([
    ["a terminal", true, true, {}, 1],
    ["not a terminal (a pipe or file)", true, false, {}, 0],
    ["NO_COLOR=1 on a terminal", true, true, { NO_COLOR: "1" }, 0],
    ["an empty NO_COLOR on a terminal", true, true, { NO_COLOR: "" }, 1],
    ["--no-color on a terminal, even with FORCE_COLOR=3", false, true, { FORCE_COLOR: "3" }, 0],
    ["FORCE_COLOR=1 into a pipe", true, false, { FORCE_COLOR: "1" }, 1],
    ["FORCE_COLOR=3 over NO_COLOR", true, false, { FORCE_COLOR: "3", NO_COLOR: "1" }, 3],
    ["FORCE_COLOR=false on a terminal", true, true, { FORCE_COLOR: "false" }, 0],
    ["TERM=dumb on a terminal", true, true, { TERM: "dumb" }, 0],
  ] as const)("%s: colour level %i", async (_, flag, isTTY, env, level) => {
    const context = renderContext(memoryIo({ isTTY, env }), flag);
    expect(context.colored).toBe(level > 0);
    expect((await context.paint()).level).toBe(level);
  });

  it("loads chalk once, however often a renderer asks", async () => {
    const context = renderContext(memoryIo({ isTTY: true }), true);
    expect(context.paint()).toBe(context.paint());
  });
});

describe("renderContext: width, glyphs, version", () => {
  it("the terminal's columns, else COLUMNS, else none (a pipe gets the full layout); a chart is drawn to 80 then", () => {
    expect([renderContext(memoryIo({ isTTY: true, columns: 60, env: { COLUMNS: "100" } }), true)].map((c) => [c.width, c.drawWidth])).toEqual([[60, 60]]);
    expect([renderContext(memoryIo({ env: { COLUMNS: "100" } }), true)].map((c) => [c.width, c.drawWidth])).toEqual([[100, 100]]);
    expect([renderContext(memoryIo(), true)].map((c) => [c.width, c.drawWidth])).toEqual([[null, 80]]);
    // A stream that knows its columns but is no terminal: no fitting, the chart drawn to its columns.
    expect([renderContext(memoryIo({ columns: 120 }), true)].map((c) => [c.width, c.drawWidth])).toEqual([[null, 120]]);
  });

  it("ASCII charts without a UTF-8 locale; the package's version", () => {
    expect(renderContext(memoryIo({ env: { LANG: "en_US.UTF-8" } }), true).ascii).toBe(false);
    expect(renderContext(memoryIo({ env: { LANG: "C" } }), true).ascii).toBe(true);
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(renderContext(memoryIo(), true).version).toBe(version);
  });
});

describe("writeRendered", () => {
  it("standard error's lines first, one per line; then the pieces on standard output", async () => {
    const io = memoryIo();
    await writeRendered({ pieces: ["a,b\n", "1,2\n"], stderr: ["::warning::one", "::warning::two"] }, io);
    expect([io.stdout.text, io.stderr.text]).toEqual(["a,b\n1,2\n", "::warning::one\n::warning::two\n"]);
  });

  it("text partly encoded as UTF-8 bytes, and no stderr when there are no lines", async () => {
    const io = memoryIo();
    await writeRendered({ bytes: ["[", new TextEncoder().encode('{"name":"é"}'), "]\n"], stderr: [] }, io);
    expect([io.stdout.text, io.stderr.text]).toEqual(['[{"name":"é"}]\n', ""]);
  });

  it("an interruptible document interrupted before its first piece is not written at all", async () => {
    const controller = new AbortController();
    controller.abort();
    const io = { ...memoryIo(), signal: controller.signal };
    await writeRendered({ pieces: ['{"rows":[', "]}"], interruptible: { tail: () => "]}" } }, io);
    expect(io.stdout.text).toBe("");
  });
});

describe("checkAttemptCount", () => {
  it("refuses more attempts than a picture holds, in one line pointing at the formats that stream", () => {
    expect(() => checkAttemptCount(10_001, 10_000, "--format html")).toThrow(
      "--format html draws at most 10,000 attempts, got 10,001; use --format csv (or tsv, json, markdown), which stream any range",
    );
    expect(() => checkAttemptCount(10_000, 10_000, "--format html")).not.toThrow();
    expect(() => checkAttemptCount(Number.MAX_SAFE_INTEGER, undefined, "--format csv")).not.toThrow();
  });
});
