import { Command, Option } from "commander";
import { describe, expect, it } from "vitest";
import { SHARED_OPTIONS, type SharedOptionName, addSharedOptions, givenValues, helpStyle, synonymsFor, withDefaultText } from "../../../src/cli/shared/options.js";
import { runCli } from "../../support/cli.js";
import { formatList } from "../../support/registries.js";

// src/cli/shared/options.ts: the options several commands share, declared once. Their values stay
// strings here (config/values.ts reads them); what is read here is --format, and the choices.

/** A command with these shared options, whose parse errors throw instead of exiting. */
function declared(uses: Parameters<typeof addSharedOptions>[1]): Command {
  const command = new Command().exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  return addSharedOptions(command, uses);
}

const parsed = (command: Command, argv: readonly string[]) => command.parse([...argv], { from: "user" });

describe("SHARED_OPTIONS", () => {
  it("each option's flags", () => {
    expect(Object.fromEntries(Object.entries(SHARED_OPTIONS).map(([name, spec]) => [name, spec.flags]))).toEqual({
      strategy: "-s, --strategy <name>",
      base: "-b, --base <duration>",
      cap: "-c, --cap <duration>",
      factor: "--factor <number>",
      step: "--step <duration>",
      attempts: "-a, --attempts <N|A..B>",
      jitter: "-j, --jitter <mode>",
      seed: "--seed <integer>",
      preset: "--preset <name>",
      maxElapsed: "--max-elapsed <duration>",
      attemptTime: "--attempt-time <duration>",
      deadline: "--deadline <duration>",
      retryAfter: "--retry-after <duration>",
      maxRetryAfter: "--max-retry-after <duration>",
      format: "-f, --format <format>",
      scale: "--scale <scale>",
      config: "--config <file|->",
      policy: "--policy <name>",
      color: "--no-color",
    });
  });

  it("every value is kept as written, short flags too; only what was given on the command line is a given value", () => {
    const every = Object.fromEntries(Object.keys(SHARED_OPTIONS).map((name) => [name, true])) as Record<SharedOptionName, true>;
    const command = parsed(declared({ ...every, format: { formats: ["table", "csv"] } }), [
      ...["-s", "linear", "-b", "1.5s", "-c", "30s", "--factor", "1.6", "--step", "250ms", "-a", "3..8", "-j", "0.2", "--seed", "7"],
      ...["--preset", "bullmq", "--max-elapsed", "1m", "--attempt-time", "2s", "--deadline", "30s", "--retry-after", "3s@2..3"],
      ...["--max-retry-after", "5s", "-f", "csv", "--scale", "log", "--config", "-", "--policy", "email", "--no-color"],
    ]);
    expect(command.opts()).toEqual({
      strategy: "linear",
      base: "1.5s",
      cap: "30s",
      factor: "1.6",
      step: "250ms",
      attempts: "3..8",
      jitter: "0.2",
      seed: "7",
      preset: "bullmq",
      maxElapsed: "1m",
      attemptTime: "2s",
      deadline: "30s",
      retryAfter: "3s@2..3",
      maxRetryAfter: "5s",
      format: "csv",
      scale: "log",
      config: "-",
      policy: "email",
      color: false,
    });
    // The policy and limit values (OPTION_KEYS); format, scale, config, policy and color are switches.
    expect(givenValues(command)).toEqual({
      strategy: "linear",
      base: "1.5s",
      cap: "30s",
      factor: "1.6",
      step: "250ms",
      attempts: "3..8",
      jitter: "0.2",
      seed: "7",
      preset: "bullmq",
      maxElapsed: "1m",
      attemptTime: "2s",
      deadline: "30s",
      retryAfter: "3s@2..3",
      maxRetryAfter: "5s",
    });
  });

  it("nothing given, nothing in the values: defaults live in POLICY_DEFAULTS, never in commander (--format's default aside)", () => {
    const command = parsed(declared({ strategy: true, base: true, attempts: true, format: { formats: ["table", "csv"] } }), []);
    expect([command.opts(), givenValues(command)]).toEqual([{ format: "table" }, {}]);
  });
});

describe("--format and the choices", () => {
  const formats = { formats: ["table", "csv", "json"] } as const;

  it("a name among the command's formats; one line listing them otherwise, with the nearest for a likely typo", () => {
    expect(parsed(declared({ format: formats }), ["--format", "json"]).opts()).toEqual({ format: "json" });
    expect(() => parsed(declared({ format: formats }), ["--format", "cvs"])).toThrow('--format must be one of table, csv, json, got "cvs"; did you mean csv?');
    expect(() => parsed(declared({ format: formats }), ["--format", "CSV"])).toThrow('--format must be one of table, csv, json, got "CSV"; did you mean csv?');
    expect(() => parsed(declared({ format: formats }), ["--format", "xml"])).toThrow('--format must be one of table, csv, json, got "xml"');
  });

  it("through the CLI: one line on stderr, exit 2, for the format and for a choice", async () => {
    expect(await runCli(["--format", "cvs"])).toEqual({ code: 2, stdout: "", stderr: `error: --format must be one of ${formatList("")}, got "cvs"; did you mean csv?\n` });
    expect(await runCli(["--strategy", "cubic"])).toEqual({ code: 2, stdout: "", stderr: 'error: --strategy must be one of exponential, linear, fixed, got "cubic"\n' });
    expect(await runCli(["--chart", "--scale", "cubic"])).toEqual({ code: 2, stdout: "", stderr: 'error: --scale must be one of linear, log, got "cubic"\n' });
  });
});

describe("addSharedOptions and helpStyle", () => {
  it("one help line per option: description (one of …; default: …), a command's own words and defaults first", () => {
    const command = declared({ strategy: true, base: true, cap: { description: "own words", defaultText: null }, attempts: { defaultText: "1..10" }, format: { formats: ["table", "csv", "json"] } });
    expect(command.options.map((option) => [option.flags, helpStyle.optionDescription(option)])).toEqual([
      ["-s, --strategy <name>", "how the delay grows (one of exponential, linear, fixed; default: exponential)"],
      ["-b, --base <duration>", "the first delay; attempt 1 waits exactly this (default: 1s)"],
      ["-c, --cap <duration>", "own words"],
      ["-a, --attempts <N|A..B>", "attempts to show: 1..N, or A..B (default: 1..10)"],
      ["-f, --format <format>", "output format (one of table, csv, json; default: table)"],
    ]);
  });

  it("withDefaultText: a command's own option says what leaving it out means", () => {
    expect(helpStyle.optionDescription(withDefaultText(new Option("--x <n>", "a thing"), "5"))).toBe("a thing (default: 5)");
    expect(helpStyle.optionDescription(new Option("--y", "plain"))).toBe("plain");
  });
});

describe("synonymsFor", () => {
  it("the words of other tools for the options named, each pointing at the long flag; none for an option without", () => {
    expect(synonymsFor(["cap", "seed"])).toEqual({
      "--max": "--cap",
      "--max-delay": "--cap",
      "--ceiling": "--cap",
      "--limit": "--cap",
      "--max-timeout": "--cap",
      "--max-interval": "--cap",
    });
    expect(synonymsFor(["format"])).toEqual({ "--output": "--format", "-o": "--format" });
  });
});
