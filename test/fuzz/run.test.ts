import fc from "fast-check";
import { COMMAND_NAMES } from "../../src/cli/registry.js";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { tempFiles } from "../support/files.js";

/**
 * run(argv, io) over thousands of random argument lists made of the real option names
 * and hostile values. Whatever comes in: exit code 0, 1 or 2; on 2 exactly one line on
 * stderr and nothing on stdout; no exception escapes, no stack trace, and no NaN,
 * Infinity or undefined is ever printed. Fixed seed: fast-check prints the seed and the
 * shrunk counterexample on failure.
 */

const OPTIONS = [
  "-s", "--strategy", "-b", "--base", "-c", "--cap", "--factor", "--step", "-a", "--attempts", "-f", "--format",
  "-j", "--jitter", "--seed", "--preset", "--max-elapsed", "--scale", "--policy",
  "--clients", "--spread", "--success", "--window", "--total", "--max-total", "--min-total", "--max-delay", "--min-first", "--max-first", "--max-attempts", "--attempt-time",
];
const FLAGS = ["--no-color", "--", "-V", "--version", "-h", "--help", "--color", "--bogus", "-x", "-", "--chart", "--compare-jitter", "--strict"];
/** A subcommand, when the list starts with one. */
// Every registered command, and a typo of one (the "did you mean" path).
const COMMANDS = [...COMMAND_NAMES, "chek"];

const HOSTILE = [
  "",
  " ",
  "NaN",
  "nan",
  "Infinity",
  "-Infinity",
  "1e309",
  "1e308",
  "-0",
  "0",
  "-5",
  "0x10",
  "0b1",
  "1_000",
  "1,5",
  "٣",
  "１０",
  "10ms",
  "1.5s",
  "2m",
  "1h",
  "1d",
  "1y",
  "5 minutes",
  "1e3",
  ".5",
  "5.",
  "0.0000001",
  "9007199254740991",
  "9007199254740992",
  "99999999999999999999999",
  "1.0000000000000002",
  "1.23456789012345678",
  "2",
  "1",
  "1.6",
  "3..8",
  "8..3",
  "0..5",
  "1..9007199254740991",
  "5..9007199254740991",
  "1..1000001",
  "1..99999999999999999999",
  "1...5",
  "..5",
  "exponential",
  "linear",
  "fixed",
  "decorrelated",
  "csv",
  "tsv",
  "json",
  "markdown",
  "table",
  "CSV",
  "🚀",
  "a\u0000b",
  "\u202e10",
  "--base",
  "-1s",
  "undefined",
  "null",
  "true",
  "__proto__",
  "constructor",
  "full",
  "equal",
  "0.2",
  "1.5",
  "svg",
  "log",
  "bullmq",
  "grpc-js",
  "sidekiq",
  "cenkalti",
  "p-retry",
  "polly",
  "kubernetes",
  "on",
  "10000000",
  "0.5",
  "15m",
];

const token = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...OPTIONS) },
  { weight: 1, arbitrary: fc.constantFrom(...FLAGS) },
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8, unit: "grapheme" }) },
  { weight: 1, arbitrary: fc.integer({ min: -100, max: 100_000 }).map(String) },
);

/** Mostly option–value pairs (so that many lists get past parsing), with stray tokens in between. */
const pair = fc.tuple(fc.constantFrom(...OPTIONS), fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE) }, { weight: 1, arbitrary: token }));
const argvArb = fc
  .tuple(
    fc.option(fc.constantFrom(...COMMANDS), { freq: 3 }),
    fc.array(fc.oneof({ weight: 3, arbitrary: pair.map((p) => [...p]) }, { weight: 1, arbitrary: token.map((t) => [t]) }), { maxLength: 8 }),
  )
  .map(([command, parts]) => [...(command === null ? [] : [command]), ...parts.flat()]);

const STACK_LINE = /^\s+at\s/m;

async function check(argv: string[], isTTY: boolean): Promise<void> {
  // stdout closes after 4,096 characters, like a reader that goes away.
  const { code, stdout, stderr } = await runCli(argv, { isTTY, columns: 80, stdoutLimit: 4096 });
  expect([0, 1, 2]).toContain(code);
  if (code === 2) {
    expect(stdout).toBe("");
    expect(stderr.endsWith("\n")).toBe(true);
    expect(stderr.split("\n")).toHaveLength(2); // one line, then the final newline
  }
  for (const text of [stdout, stderr]) {
    expect(text).not.toMatch(STACK_LINE);
    expect(text).not.toContain("internal error");
  }
  // `backoff presets` documents libraries, one of which defaults to maxAttempts Infinity.
  if (argv[0] !== "presets") expect(stdout).not.toMatch(/NaN|Infinity|undefined/);
}

describe("run(argv, io) on random hostile argument lists (fast-check, fixed seed)", () => {
  it("exits 0, 1 or 2; on 2 one line on stderr and nothing on stdout; never a stack, NaN, Infinity or undefined", async () => {
    await fc.assert(
      fc.asyncProperty(argvArb, fc.boolean(), async (argv, isTTY) => {
        await check(argv, isTTY);
      }),
      { seed: 7, numRuns: 3000 },
    );
  }, 300_000);

  it("check DIR --exclude with random and hostile glob patterns: the same rules (issue 38: no exit 70, no pattern that hangs)", async () => {
    const dir = tempFiles({ "retry.json": '{"base": "1s", "cap": "30s", "attempts": 5}\n', "a[b].yaml": "x: 1\n" });
    const hostile = fc.constantFrom(
      "[z-a]",
      "[[:nope:]]",
      "[",
      "[!]",
      "\\",
      "*a*a*a*a*a*a*b",
      `${"**/".repeat(8)}b`,
      "a".repeat(100_000),
      "*".repeat(100_000),
      "*".repeat(4096),
      `${"*a".repeat(2047)}b`,
      "!",
      "/",
      "",
    );
    const glob = fc.oneof({ weight: 1, arbitrary: hostile }, { weight: 3, arbitrary: fc.stringMatching(/^[*?[\]!^\-\\/a:.#\s]{0,12}$/) });
    await fc.assert(
      fc.asyncProperty(fc.array(glob, { minLength: 1, maxLength: 3 }), fc.constantFrom("text", "json"), async (globs, format) => {
        await check(["check", dir, "--format", format, ...globs.flatMap((g) => ["--exclude", g])], false);
      }),
      { seed: 38, numRuns: 400 },
    );
  }, 300_000);

  it("survives huge ranges in every format (the closed reader ends them)", async () => {
    for (const format of ["csv", "tsv", "json", "markdown", "table"]) {
      for (const attempts of ["1..9007199254740991", "9007199254740991", "5..9007199254740991", "9007199254740990..9007199254740991"]) {
        for (const extra of [
          [],
          ["--cap", "1m"],
          ["--strategy", "linear"],
          ["--strategy", "linear", "--base", "1", "--step", "0.001"],
          ["--strategy", "fixed"],
          ["--factor", "1.0001"],
          ["--jitter", "full", "--cap", "1m"],
          ["--preset", "grpc"],
        ]) {
          await check(["--attempts", attempts, "--format", format, ...extra], false);
        }
      }
    }
  }, 300_000);
});
