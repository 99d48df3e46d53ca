import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";

// The built binary in a real pseudo-terminal (util-linux `script`), sized with stty: what a
// person sees at 80, 60 and 40 columns, and with COLUMNS when the terminal reports no size.
// Expected tables are worked out by hand in the comments: a grid line is
// 1 + Σ (max(cell, header) + 3) characters.
// Processes on purpose: a terminal's size reaches the program only through a real terminal
// (isTTY, the size stty sets); the piped output they are compared with is read in-process.
const root = fileURLToPath(new URL("../..", import.meta.url));
const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
if (!hasScript && process.env["CI"]) throw new Error("the terminal tests need util-linux `script` in CI");
if (!hasScript) console.warn("skipping the terminal tests: util-linux `script` is not installed");

const quote = (word: string) => `'${word.replace(/'/g, "'\\''")}'`;

/** Runs backoff on a terminal `cols` wide (0: a terminal that reports no size); returns what it showed. */
function onTerminal(args: readonly string[], cols: number, env: Record<string, string> = {}, status = 0): string {
  const command = `stty cols ${cols} rows 50; ${[process.execPath, "bin/backoff.js", ...args].map(quote).join(" ")}`;
  const { COLUMNS: _columns, FORCE_COLOR: _force, ...inherited } = process.env;
  const result = spawnSync("script", ["-qec", command, "/dev/null"], {
    cwd: root,
    encoding: "utf8",
    env: { ...inherited, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  expect(result.status).toBe(status);
  return result.stdout.replace(/\r\n/g, "\n");
}

/** The same command into a pipe (no terminal, no COLUMNS), in-process through run(argv, io): the full-width bytes. */
async function piped(args: readonly string[]): Promise<string> {
  return (await runCli(args)).stdout;
}

const lines = (text: string) => text.split("\n").slice(0, -1);
/** The text without its spaces and line breaks: equal when wrapping lost nothing (a long path may break after a slash). */
const words = (text: string) => text.replace(/\s+/g, "");

/** Every line fits. */
function expectFits(text: string, width: number): void {
  for (const line of lines(text)) expect(line.length, line).toBeLessThanOrEqual(width);
}

const SEED_EXAMPLE = ["--base", "100", "--cap", "10s", "--attempts", "5"];

describe.skipIf(!hasScript)("on a real terminal", () => {
  it("80 columns: a table that fits is the full table, byte for byte the piped one", async () => {
    // The README's seed example is 71 columns wide.
    const shown = onTerminal(SEED_EXAMPLE, 80);
    expect(shown).toBe(await piped(SEED_EXAMPLE));
    expect(lines(shown)[0]).toBe("┌─────────┬─────────────────┬─────────────────┬────────┬──────────────┐");
  });

  it("60 columns: the delays lose their second reading (1,600 ms  1.6 s → 1.6 s), the summary wraps", () => {
    // attempt 7, delay 6 ("100 ms"), total wait 10 (header), linear 6, linear total 12: 1 + 10 + 9 + 13 + 9 + 15 = 57.
    expect(onTerminal(SEED_EXAMPLE, 60)).toBe(
      [
        "┌─────────┬────────┬────────────┬────────┬──────────────┐",
        "│ attempt │ delay  │ total wait │ linear │ linear total │",
        "├─────────┼────────┼────────────┼────────┼──────────────┤",
        "│       1 │ 100 ms │ 100 ms     │ 100 ms │ 100 ms       │",
        "│       2 │ 200 ms │ 300 ms     │ 200 ms │ 300 ms       │",
        "│       3 │ 400 ms │ 700 ms     │ 300 ms │ 600 ms       │",
        "│       4 │ 800 ms │ 1.5 s      │ 400 ms │ 1 s          │",
        "│       5 │ 1.6 s  │ 3.1 s      │ 500 ms │ 1.5 s        │",
        "└─────────┴────────┴────────────┴────────┴──────────────┘",
        "Total wait after attempt 5: 3.1 s (3,100 ms); linear: 1.5 s",
        "(1,500 ms).",
        "Cap: 10 s, first reached at attempt 8 (after this range).",
        "At attempt 5 the delay is 3.2× the linear one (1.6 s against",
        "500 ms).",
        "",
      ].join("\n"),
    );
  });

  it("40 columns: short headers, and the column that does not fit is named under the table", () => {
    // Short headers: 1 + 4 + 9 + 9 + 9 + 13 = 45 > 40; without "linear total": 32.
    const expected = [
      "┌───┬────────┬────────┬────────┐",
      "│ # │ delay  │ total  │ linear │",
      "├───┼────────┼────────┼────────┤",
      "│ 1 │ 100 ms │ 100 ms │ 100 ms │",
      "│ 2 │ 200 ms │ 300 ms │ 200 ms │",
      "│ 3 │ 400 ms │ 700 ms │ 300 ms │",
      "│ 4 │ 800 ms │ 1.5 s  │ 400 ms │",
      "│ 5 │ 1.6 s  │ 3.1 s  │ 500 ms │",
      "└───┴────────┴────────┴────────┘",
      "Left out to fit 40 columns: linear",
      "total.",
      "Total wait after attempt 5: 3.1 s",
      "(3,100 ms); linear: 1.5 s (1,500 ms).",
      "Cap: 10 s, first reached at attempt 8",
      "(after this range).",
      "At attempt 5 the delay is 3.2× the",
      "linear one (1.6 s against 500 ms).",
      "",
    ].join("\n");
    expect(onTerminal(SEED_EXAMPLE, 40)).toBe(expected);
    // A terminal that reports no size: COLUMNS decides.
    expect(onTerminal(SEED_EXAMPLE, 0, { COLUMNS: "40" })).toBe(expected);
  });

  it("COLUMNS when the terminal has no size; neither: the full table", async () => {
    expect(lines(onTerminal(SEED_EXAMPLE, 0, { COLUMNS: "60" }))[0]).toBe("┌─────────┬────────┬────────────┬────────┬──────────────┐");
    expect(onTerminal(SEED_EXAMPLE, 0)).toBe(await piped(SEED_EXAMPLE));
  });

  it("jittered tables: short headers at 80 and 60, fewer columns at 40", () => {
    const args = ["--base", "1s", "--cap", "30s", "--jitter", "full", "--attempts", "3"];
    // Full headers: 1 + 10 + 25 + 21 + 9 + 15 = 81 > 80; short ones: 1 + 4 + 14 + 14 + 9 + 13 = 55.
    const short = [
      "┌───┬─────────────┬─────────────┬────────┬────────────┐",
      "│ # │ delay range │ total range │ linear │ lin. total │",
      "├───┼─────────────┼─────────────┼────────┼────────────┤",
      "│ 1 │ 0 ms – 1 s  │ 0 ms – 1 s  │ 1 s    │ 1 s        │",
      "│ 2 │ 0 ms – 2 s  │ 0 ms – 3 s  │ 2 s    │ 3 s        │",
      "│ 3 │ 0 ms – 4 s  │ 0 ms – 7 s  │ 3 s    │ 6 s        │",
      "└───┴─────────────┴─────────────┴────────┴────────────┘",
    ];
    expect(lines(onTerminal(args, 80)).slice(0, 7)).toEqual(short);
    expect(lines(onTerminal(args, 60)).slice(0, 7)).toEqual(short);
    // Without both linear columns: 1 + 4 + 14 + 14 = 33.
    const narrow = onTerminal(args, 40);
    expect(lines(narrow).slice(0, 9)).toEqual([
      "┌───┬─────────────┬─────────────┐",
      "│ # │ delay range │ total range │",
      "├───┼─────────────┼─────────────┤",
      "│ 1 │ 0 ms – 1 s  │ 0 ms – 1 s  │",
      "│ 2 │ 0 ms – 2 s  │ 0 ms – 3 s  │",
      "│ 3 │ 0 ms – 4 s  │ 0 ms – 7 s  │",
      "└───┴─────────────┴─────────────┘",
      "Left out to fit 40 columns: linear,",
      "linear total.",
    ]);
    expectFits(narrow, 40);
  });

  it("a sampled jittered table at 40 columns: one block per attempt, every column kept", () => {
    const shown = onTerminal(["--base", "1s", "--cap", "30s", "--jitter", "full", "--seed", "7", "--attempts", "2"], 40);
    expectFits(shown, 40);
    const block = lines(shown).slice(0, 7);
    expect(block[0]).toBe("attempt 1");
    // The labels (the full headers fit: 2 + 22 + 2 + 10 ≤ 40), each once per block.
    expect(block.slice(1).map((line) => line.slice(0, 24).trimEnd())).toEqual([
      "  delay (jittered range)",
      "  total wait (range)",
      "  linear",
      "  linear total",
      "  sample",
      "  sample total",
    ]);
    expect(block[1]).toBe("  delay (jittered range)  0 ms – 1 s");
    expect(block[3]).toBe("  linear                  1 s");
    expect(lines(shown)[7]).toBe("attempt 2");
  });

  it("a preset's table at 60 and 40 columns", async () => {
    // gRPC: 1 s, then × 1.6 with ±20 %: attempt 2 is 1.6 s in [1.28 s, 1.92 s], attempt 3 is 2.56 s in [2.048 s, 3.072 s].
    const args = ["--preset", "grpc", "--attempts", "3"];
    // Short headers: # 1, delay 5, range 13, mean 5, total 5, tot. range 13: 1 + 4 + 8 + 16 + 8 + 8 + 16 = 61 > 60.
    expect(lines(onTerminal(args, 60)).slice(0, 8)).toEqual([
      "┌───┬───────┬───────────────┬───────┬───────┐",
      "│ # │ delay │ range         │ mean  │ total │",
      "├───┼───────┼───────────────┼───────┼───────┤",
      "│ 1 │ 1 s   │ 1 s           │ 1 s   │ 1 s   │",
      "│ 2 │ 1.6 s │ 1.3 s – 1.9 s │ 1.6 s │ 2.6 s │",
      "│ 3 │ 2.6 s │ 2 s – 3.1 s   │ 2.6 s │ 5.2 s │",
      "└───┴───────┴───────────────┴───────┴───────┘",
      "Left out to fit 60 columns: total range.",
    ]);
    const narrow = onTerminal(args, 40);
    expectFits(narrow, 40);
    expect(lines(narrow)[7]).toBe("Left out to fit 40 columns: mean, total");
    const pipedText = await piped(args);
    expect(words(narrow.slice(narrow.indexOf("Preset grpc")))).toEqual(words(pipedText.slice(pipedText.indexOf("Preset grpc"))));
  });

  it("the presets list and one preset at 40 columns keep every character", async () => {
    for (const args of [["presets"], ["presets", "grpc-js"]]) {
      const shown = onTerminal(args, 40);
      expectFits(shown, 40);
      expect(words(shown)).toEqual(words(await piped(args)));
    }
    // Too narrow for the name and label columns (2 + 21 + 18 + 24 > 40): the name alone, the label and phrase under it.
    expect(lines(onTerminal(["presets"], 40)).slice(0, 3)).toEqual(["Job queues and messaging", "  bullmq", "    6.7.0  doubling; no retries"]);
    expect(lines(onTerminal(["presets", "grpc-js"], 60)).slice(0, 4)).toEqual([
      "grpc-js: @grpc/grpc-js 1.14.7",
      "source:   grpc/grpc-node",
      "          packages/grpc-js/src/backoff-timeout.ts",
      "          (BackoffTimeout.runOnce),",
    ]);
  });

  it("check: each line wraps under its own text", async () => {
    // Delays 1, 2, 4, 8, 16, 30, 30, 30 s: the worst case 121 s; 30 s first above 10 s at attempt 5.
    const args = ["check", "--base", "1s", "--cap", "30s", "--attempts", "8", "--max-total", "5m", "--max-delay", "10s"];
    expect(onTerminal(args, 40, {}, 1)).toBe(
      [
        "✓ max-total 5 min: worst case 2 min 1 s",
        "✗ max-delay 10 s: worst delay 30 s",
        "  (first over the limit at attempt 5)",
        "✗ 1 of 2 limits broken",
        "",
      ].join("\n"),
    );
    expect(onTerminal(args, 60, {}, 1)).toBe(
      [
        "✓ max-total 5 min: worst case 2 min 1 s",
        "✗ max-delay 10 s: worst delay 30 s (first over the limit at",
        "  attempt 5)",
        "✗ 1 of 2 limits broken",
        "",
      ].join("\n"),
    );
    expect(onTerminal(args, 80, {}, 1)).toBe(await piped(args));
  });

  it("simulate: short headers at 80, a column left out at 60, blocks at 40", async () => {
    // No jitter, 100 clients: every retry of attempt 1 at 1 s, of attempt 2 at 3 s; peaks 100.
    const args = ["simulate", "--clients", "100", "--attempts", "2"];
    // Full: 1 + 10 + 10 + 11 + 6 + 6 + 9 + 12 + 19 = 84 > 80; short: 1 + 4 + 10 + 8 + 6 + 6 + 7 + 7 + 17 = 66.
    expect(lines(onTerminal(args, 80)).slice(0, 6)).toEqual([
      "┌───┬─────────┬───────┬─────┬─────┬──────┬──────┬────────────────┐",
      "│ # │ clients │ first │ p50 │ p95 │ last │ peak │ no-jitter peak │",
      "├───┼─────────┼───────┼─────┼─────┼──────┼──────┼────────────────┤",
      "│ 1 │     100 │   1 s │ 1 s │ 1 s │  1 s │  100 │            100 │",
      "│ 2 │     100 │   3 s │ 3 s │ 3 s │  3 s │  100 │            100 │",
      "└───┴─────────┴───────┴─────┴─────┴──────┴──────┴────────────────┘",
    ]);
    const sixty = lines(onTerminal(args, 60));
    expect(sixty[0]).toBe("┌───┬─────────┬───────┬─────┬─────┬──────┬──────┐");
    expect(sixty[6]).toBe("Left out to fit 60 columns: un-jittered peak.");
    const forty = onTerminal(args, 40);
    expectFits(forty, 40);
    // Without "un-jittered peak" still 1 + 4 + 10 + 8 + 6 + 6 + 7 + 7 = 49 > 40.
    expect(lines(forty).slice(0, 9)).toEqual([
      "attempt 1",
      "  clients           100",
      "  earliest          1 s",
      "  p50               1 s",
      "  p95               1 s",
      "  latest            1 s",
      "  peak load         100",
      "  un-jittered peak  100",
      "attempt 2",
    ]);
    const pipedText = await piped(args);
    expect(words(forty.slice(forty.indexOf("Cohort:")))).toEqual(words(pipedText.slice(pipedText.indexOf("Cohort:"))));
  });

  it("simulate --compare-jitter at 40 columns: one block per jitter mode", () => {
    // Short headers: 1 + 15 + 8 + 7 + 13 = 44 > 40, nothing to leave out. Without jitter,
    // 100 clients make 100 + 2 × 100 calls, all at once, the last at 1 + 2 s.
    const shown = onTerminal(["simulate", "--clients", "100", "--attempts", "2", "--compare-jitter", "--cap", "5s"], 40);
    expectFits(shown, 40);
    expect(lines(shown).slice(0, 5)).toEqual(["jitter none", "  calls               300", "  peak load           100", "  time to completion  3 s", "jitter 0.2"]);
    expect(lines(shown).filter((line) => line.startsWith("jitter "))).toEqual(["jitter none", "jitter 0.2", "jitter full", "jitter equal", "jitter decorrelated"]);
  });

  it("compare: side by side at 80, one table per policy at 60, blocks per attempt at 40", async () => {
    // bullmq doubles from 1 s (1, 2, 4 s; totals 1, 3, 7 s); grpc: 1 s, then × 1.6 within ±20 %
    // (1.28–1.92 s, 2.048–3.072 s), totals 2.28–2.92 s and 4.328–5.992 s.
    const args = ["compare", "bullmq", "grpc", "--attempts", "3"];
    // "│ attempt " 10, bullmq's delay 5 + total 10 + 6, grpc's 13 + 13 + 6, the closing bar: 10 + 21 + 32 + 1 = 64.
    const grid = [
      "┌─────────┬────────────────────┬───────────────────────────────┐",
      "│         │ bullmq             │ grpc                          │",
      "│         ├───────┬────────────┼───────────────┬───────────────┤",
      "│ attempt │ delay │ total wait │ delay         │ total wait    │",
      "├─────────┼───────┼────────────┼───────────────┼───────────────┤",
      "│       1 │ 1 s   │ 1 s        │ 1 s           │ 1 s           │",
      "│       2 │ 2 s   │ 3 s        │ 1.3 s – 1.9 s │ 2.3 s – 2.9 s │",
      "│       3 │ 4 s   │ 7 s        │ 2 s – 3.1 s   │ 4.3 s – 6 s   │",
      "└─────────┴───────┴────────────┴───────────────┴───────────────┘",
    ];
    const eighty = onTerminal(args, 80);
    expectFits(eighty, 80);
    expect(lines(eighty).slice(0, 9)).toEqual(grid);
    // grpc's connection backoff never gives up, so only bullmq's total is a verdict (issue 23, item 1).
    // The pipe keeps its summary lines whole; a terminal of 40 wraps them (below).
    expect(lines(await piped(args)).slice(-4)).toEqual([
      "bullmq gives up after 3 retries.",
      "grpc retries forever (connection backoff never gives up).",
      "Gives up first: bullmq, after attempt 3 and 7 s (7,000 ms) of waiting.",
      "Never gives up: grpc (it retries as long as the calls fail).",
    ]);
    expect(lines(eighty).slice(-2)).toEqual(["Gives up first: bullmq, after attempt 3 and 7 s (7,000 ms) of waiting.", "Never gives up: grpc (it retries as long as the calls fail)."]);
    // At 60 the two groups (10 + 21 + 32 + 1 = 64) do not fit side by side: a table each, 32 and 43 wide.
    const sixty = onTerminal(args, 60);
    expectFits(sixty, 60);
    expect(lines(sixty)[0]).toBe("┌─────────┬────────────────────┐");
    expect(lines(sixty)[9]).toBe("");
    expect(lines(sixty)[10]).toBe("┌─────────┬───────────────────────────────┐");
    // At 40 grpc alone (10 + 32 + 1 = 43) does not fit: one block per attempt.
    const forty = onTerminal(args, 40);
    expectFits(forty, 40);
    expect(lines(forty).slice(0, 15)).toEqual([
      "attempt 1",
      "  bullmq",
      "    delay  1 s",
      "    total  1 s",
      "  grpc",
      "    delay  1 s",
      "    total  1 s",
      "attempt 2",
      "  bullmq",
      "    delay  2 s",
      "    total  3 s",
      "  grpc",
      "    delay  1.3 s – 1.9 s",
      "    total  2.3 s – 2.9 s",
      "attempt 3",
    ]);
    const pipedText = await piped(args);
    expect(words(forty.slice(forty.indexOf("Gives up first")))).toEqual(words(pipedText.slice(pipedText.indexOf("Gives up first"))));
  });

  it("check PATH: the files report wraps under its own text", async () => {
    const shown = onTerminal(["check", "test/fixtures/policies/argo", "--max-total", "1h"], 40);
    expectFits(shown, 40);
    expect(words(shown)).toEqual(words(await piped(["check", "test/fixtures/policies/argo", "--max-total", "1h"])));
  });

  it("help fits too: descriptions under their option when the column beside it would be narrow", async () => {
    for (const args of [["--help"], ["check", "--help"], ["help", "compare"], ["completion", "--help"]]) {
      for (const cols of [80, 60, 40]) {
        const shown = onTerminal(args, cols);
        // An example is never wrapped as text (issue 23, item 8): one too wide is continued with " \\".
        // (a single word wider than the line, a chain spec or a quoted command at 40 columns, stays whole).
        for (const line of lines(shown)) if (!/^\s+(?:'[^']*'|"[^"]*"|[^\s'"])+(?: \\)?$/.test(line)) expect(line.length, line).toBeLessThanOrEqual(cols);
        // Every character kept (a comment that moves above its example changes only the order).
        const sorted = (text: string) => text.replace(/ \\\n/g, "\n").split(/\s+/).filter(Boolean).sort();
        expect(sorted(shown), `${args.join(" ")} at ${cols}`).toEqual(sorted(await piped(args)));
      }
    }
    // The term column is 28 wide (its longest term, "--max-retry-after <duration>"): at 60 that leaves
    // 60 − 28 − 4 = 28 < 30 for descriptions, so each goes under its option, six spaces in.
    const sixty = lines(onTerminal(["--help"], 60));
    expect(sixty.slice(sixty.indexOf("  -b, --base <duration>"), sixty.indexOf("  -b, --base <duration>") + 3)).toEqual([
      "  -b, --base <duration>",
      "      the first delay; attempt 1 waits exactly this",
      "      (default: 1s)",
    ]);
    // At 80 the options keep their column (80 − 28 − 4 = 48, commander's own wrapping, as piped); an
    // example is never broken: where its comment does not fit beside it, the comment goes above.
    const eighty = lines(onTerminal(["--help"], 80));
    const base = eighty.indexOf("  -b, --base <duration>         the first delay; attempt 1 waits exactly this");
    expect(eighty[base + 1]).toBe(`${" ".repeat(32)}(default: 1s)`);
    expect(eighty).toContain("  $ backoff --strategy linear --attempts 3..8 --format csv > linear.csv");
    const example = eighty.indexOf("  $ backoff --attempts 10 --attempt-time 2s --deadline 30s");
    expect(eighty[example - 1]).toBe("  # which retries fire in time");
  });

  it("on a terminal, colours do not count towards the width", () => {
    const shown = onTerminal(SEED_EXAMPLE, 40, { NO_COLOR: "", FORCE_COLOR: "1" });
    expect(shown).toMatch(/\u001b\[/);
    expectFits(shown.replace(/\u001b\[[0-9;]*m/g, ""), 40);
  });
});
