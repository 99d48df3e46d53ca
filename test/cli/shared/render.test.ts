import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_COMMAND, SUBCOMMANDS } from "../../../src/cli/registry.js";
import { checkAttemptCount, outputOptionsOf, outputRenderer, renderContext, writeRendered } from "../../../src/cli/shared/render.js";
import { FORMAT_NAMES, type FormatName, writes } from "../../../src/format/registry.js";
import type { Output, OutputOptions } from "../../../src/format/renderer.js";
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
    const context = renderContext(memoryIo({ isTTY, env }), { color: flag });
    expect(context.colored).toBe(level > 0);
    expect((await context.paint()).level).toBe(level);
  });

  it("loads chalk once, however often a renderer asks", async () => {
    const context = renderContext(memoryIo({ isTTY: true }), { color: true });
    expect(context.paint()).toBe(context.paint());
  });
});

describe("renderContext: width, glyphs, version", () => {
  it("the terminal's columns, else COLUMNS, else none (a pipe gets the full layout); a chart is drawn to 80 then", () => {
    expect([renderContext(memoryIo({ isTTY: true, columns: 60, env: { COLUMNS: "100" } }), { color: true })].map((c) => [c.width, c.drawWidth])).toEqual([[60, 60]]);
    expect([renderContext(memoryIo({ env: { COLUMNS: "100" } }), { color: true })].map((c) => [c.width, c.drawWidth])).toEqual([[100, 100]]);
    expect([renderContext(memoryIo(), { color: true })].map((c) => [c.width, c.drawWidth])).toEqual([[null, 80]]);
    // A stream that knows its columns but is no terminal: no fitting, the chart drawn to its columns.
    expect([renderContext(memoryIo({ columns: 120 }), { color: true })].map((c) => [c.width, c.drawWidth])).toEqual([[null, 120]]);
  });

  it("ASCII charts without a UTF-8 locale; the package's version", () => {
    expect(renderContext(memoryIo({ env: { LANG: "en_US.UTF-8" } }), { color: true }).ascii).toBe(false);
    expect(renderContext(memoryIo({ env: { LANG: "C" } }), { color: true }).ascii).toBe(true);
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(renderContext(memoryIo(), { color: true }).version).toBe(version);
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

describe("the output options: one check, for every format of every command", () => {
  // Worked out from what each renderer applies: --chart is drawn under the schedule's, compare's
  // and the simulation's tables; --scale shapes the schedule's and compare's SVG, and their
  // tables' chart (so only beside --chart). Every other renderer takes neither.
  const TAKERS: Readonly<Record<string, { readonly chart?: true; readonly scale?: "beside --chart" | true }>> = {
    "schedule table": { chart: true, scale: "beside --chart" },
    "schedule svg": { scale: true },
    "compare table": { chart: true, scale: "beside --chart" },
    "compare svg": { scale: true },
    "simulation table": { chart: true },
  };
  const PICTURES = ["schedule", "compare"];
  const OUTPUTS = [...new Set([ROOT_COMMAND, ...SUBCOMMANDS].flatMap((command) => command.output?.writes.map((written) => written.writes) ?? []))];
  const refusal = (options: OutputOptions & { format: FormatName }, output: Output) => outputRenderer(output, options).then(() => null, (error: Error) => `${error.name}: ${error.message}`);

  it("the registry's every renderer of every output the commands write", () => {
    expect(OUTPUTS.length).toBeGreaterThan(5);
  });

  it.each(OUTPUTS)("%s: each format takes what it applies and refuses the rest, in one line naming where the option is taken", async (output) => {
    for (const format of FORMAT_NAMES.filter((name) => writes(name, output))) {
      const takes = TAKERS[`${output} ${format}`] ?? {};
      const anywhere = (option: string) => Object.entries(TAKERS).some(([key, value]) => key.startsWith(`${output} `) && option in value);
      const chart = await refusal({ format, chart: true }, output);
      if (takes.chart) expect(chart, `${output} ${format}`).toBeNull();
      else if (!anywhere("chart")) expect(chart).toBe(`UsageError: --chart applies to none of this command's formats, got --format ${format}`);
      else {
        const hint = PICTURES.includes(output) ? " (for a picture file use --format svg)" : "";
        expect(chart).toBe(`UsageError: --chart draws under the table, so it needs --format table, got --format ${format}${hint}`);
      }
      const scale = await refusal({ format, scale: "log" }, output);
      if (takes.scale === true) expect(scale, `${output} ${format}`).toBeNull();
      else if (!anywhere("scale")) expect(scale).toBe(`UsageError: --scale applies to none of this command's formats, got --format ${format}`);
      else expect(scale).toBe("UsageError: --scale applies only to --chart and --format svg, got --scale log with neither");
      // Beside --chart, --scale is the chart's where the table draws it to a scale.
      if (takes.scale === "beside --chart") expect(await refusal({ format, chart: true, scale: "linear" }, output)).toBeNull();
      expect(await refusal({ format }, output), `${output} ${format}`).toBeNull();
    }
  });

  it("the options given travel as one value into the renderer's context; a switch left off is not given", () => {
    expect(outputOptionsOf({ chart: false })).toEqual({});
    expect(outputOptionsOf({ chart: true, scale: "log" })).toEqual({ chart: true, scale: "log" });
    const switches = { format: "table", color: false, chart: true, policy: "email" } as const;
    expect(renderContext(memoryIo(), switches).options).toEqual({ chart: true });
    expect(renderContext(memoryIo(), { color: false }).options).toEqual({});
  });

  it("every command loads its renderer through outputRenderer, so none skips the check", () => {
    const cli = join(ROOT, "src/cli");
    const direct = readdirSync(cli, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && file.split(/[\\/]/).join("/") !== "shared/render.ts")
      .filter((file) => /\brendererFor\s*\(/.test(readFileSync(join(cli, file), "utf8")));
    expect(direct).toEqual([]);
    expect(readFileSync(join(cli, "shared/render.ts"), "utf8")).toMatch(/\brendererFor\s*\(/);
  });
});
