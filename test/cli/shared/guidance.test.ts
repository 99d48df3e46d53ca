import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { synonymsBeside } from "../../../src/cli/shared/guidance.js";
import { PRESETS } from "../../../src/presets/registry.js";
import { runCli } from "../../support/cli.js";

// First tries that used to get no answer, or a wrong one (issue 23, item 11): each gets the
// one line that says what was meant, and a suggestion only when it is near.
const allPresets = PRESETS.map((preset) => preset.name).sort().join(", ");

describe("answers to first tries", () => {
  it.each([
    // 11 letters: at most 2 edits count as near; "node-retry" is 6 away, so the names are listed.
    [["--preset", "nonexistent"], `error: --preset has no preset "nonexistent"; the presets are ${allPresets}`],
    [["--preset", "sidekik"], `error: --preset has no preset "sidekik"; did you mean "sidekiq"? (backoff presets lists all ${PRESETS.length})`],
    // a shared start of three letters or more
    [["--preset", "bull"], `error: --preset has no preset "bull"; did you mean "bullmq"? (backoff presets lists all ${PRESETS.length})`],
    [["compare", "nosuch"], `error: compare "nosuch": no preset or strategy "nosuch" (strategies: exponential, linear, fixed; presets: ${allPresets})`],
    [["compare", "sidekik"], 'error: compare "sidekik": no preset or strategy "sidekik"; did you mean sidekiq? (strategies: exponential, linear, fixed; backoff presets lists the presets)'],
    [["--jitter", "ful"], 'error: --jitter must be none, full, equal, decorrelated or a fraction in (0, 1] such as 0.2, got "ful"; did you mean full?'],
    [["--jitter", "xyz"], 'error: --jitter must be none, full, equal, decorrelated or a fraction in (0, 1] such as 0.2, got "xyz"'],
    [["presets", "bullmq", "extra"], "error: backoff presets takes at most one argument, got 2 (backoff presets --help shows its usage)"],
    [["help", "--base"], "error: backoff help takes a command's name, not an option: '--base' (backoff --help lists the schedule's options, backoff help COMMAND a command's)"],
    [["5"], 'error: unknown command "5"; did you mean --attempts 5?'],
    [["3..8"], 'error: unknown command "3..8"; did you mean --attempts 3..8?'],
  ])("backoff %j", async (argv, message) => {
    expect(await runCli(argv)).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
  });

  it("each suggested command is accepted", async () => {
    for (const argv of [["--preset", "sidekiq"], ["--preset", "bullmq"], ["--jitter", "full"], ["--attempts", "5"], ["--attempts", "3..8"], ["compare", "sidekiq"]]) {
      expect((await runCli([...argv, "--format", "csv"])).code, argv.join(" ")).toBe(0);
    }
  });
});

// One rule for every list (issue 35, item 4; src/core/text/closest.ts): a value of a choice
// list gets the suggestion a preset or an option gets, and no member of Object.prototype is
// taken or offered.
describe("one 'did you mean' for options, values, presets, commands and keys", () => {
  const SPEC_SETS = "(a SPEC sets base, cap, factor, step, jitter, attempts, max-elapsed, strategy)";
  it.each([
    // one edit in ten letters; the case does not count
    [["--strategy", "exponental"], 'error: --strategy must be one of exponential, linear, fixed, got "exponental"; did you mean exponential?'],
    [["--strategy", "Linear"], 'error: --strategy must be one of exponential, linear, fixed, got "Linear"; did you mean linear?'],
    [["--scale", "lgo"], 'error: --scale must be one of linear, log, got "lgo"; did you mean log?'],
    [["simulate", "--model", "capcity"], 'error: --model must be one of cohort, occ, capacity, got "capcity"; did you mean capacity?'],
    [["completion", "bsh"], 'error: backoff completion takes a shell: bash, zsh or fish, got "bsh"; did you mean bash?'],
    [["--atempts", "3"], "error: unknown option '--atempts' (did you mean --attempts?)"],
    [["check", "--max-totl", "1m"], "error: unknown option '--max-totl' (did you mean --max-total?)"],
    [["chian"], 'error: unknown command "chian"; did you mean chain?'],
    [["compare", "fixed:strategy=lineer"], 'error: compare "fixed:strategy=lineer": --strategy is the SPEC\'s own name here (fixed); write linear:base=1s rather than fixed:strategy=linear'],
    [["compare", "bullmq:strategy=fixd"], 'error: compare "bullmq:strategy=fixd": --strategy must be one of exponential, linear, fixed, got "fixd"; did you mean fixed?'],
    [["chain", "istio@envoy:prcent=5"], 'error: chain "istio@envoy:prcent=5": envoy has no parameter "prcent"; did you mean percent? (it takes percent, min, interval)'],
    [["check", "--base", "1s", "--unreachable-retries", "eror"], 'error: --unreachable-retries must be warning or error, got "eror"; did you mean error?'],
    [["simulate", "--model", "capacity", "--arrivals", "poison"], 'error: --arrivals must be poisson or uniform, got "poison"; did you mean poisson?'],
    [["simulate", "--model", "occ", "--jitter", "nobackoff"], 'error: --jitter under --model occ is one of the experiment\'s modes: no-backoff, none, full, equal, decorrelated; got "nobackoff"; did you mean no-backoff?'],
    // a member of Object.prototype is no preset and no key, and nothing is offered for it
    [["--preset", "__proto__"], `error: --preset has no preset "__proto__"; the presets are ${allPresets}`],
    [["--preset", "constructor"], `error: --preset has no preset "constructor"; the presets are ${allPresets}`],
    [["compare", "fixed:__proto__=5"], `error: compare "fixed:__proto__=5": unknown option "__proto__" ${SPEC_SETS}`],
    [["compare", "fixed:constructor=5"], `error: compare "fixed:constructor=5": unknown option "constructor" ${SPEC_SETS}`],
    [["compare", "fixed:toString=5"], `error: compare "fixed:toString=5": unknown option "toString" ${SPEC_SETS}`],
    [["compare", "fixed:hasOwnProperty=5"], `error: compare "fixed:hasOwnProperty=5": unknown option "hasOwnProperty" ${SPEC_SETS}`],
    [["compare", "fixed:foo=1"], `error: compare "fixed:foo=1": unknown option "foo" ${SPEC_SETS}`],
  ])("backoff %j", async (argv, message) => {
    expect(await runCli(argv)).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
  });
});

describe("a value written as elsewhere: the corrected command (issue 39, item 5)", () => {
  it.each([
    // The shell splits "10 seconds": the unit would be a stray word, an unknown command or a PATH.
    [["--cap", "10", "seconds"], "error: --cap 10 seconds: a duration is one word, its unit joined to the number; did you mean backoff --cap 10s?"],
    [["--base", "100", "--cap=10", "Minutes", "--attempts", "3"], "error: --cap 10 Minutes: a duration is one word, its unit joined to the number; did you mean backoff --base 100 --cap=10m --attempts 3?"],
    [["check", "--max-total", "5", "minutes", "--base", "1s"], "error: --max-total 5 minutes: a duration is one word, its unit joined to the number; did you mean backoff check --max-total 5m --base 1s?"],
    [["solve", "-b", "1.5", "sec", "--deadline", "10s"], "error: -b 1.5 sec: a duration is one word, its unit joined to the number; did you mean backoff solve -b 1.5s --deadline 10s?"],
    [["--jitter", "20%"], 'error: --jitter must be none, full, equal, decorrelated or a fraction in (0, 1] such as 0.2, got "20%"; did you mean --jitter 0.2?'],
    [["--base", "1,5s"], 'error: --base must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "1,5s"; did you mean --base 1.5s?'],
    [["simulate", "--success", "30%"], 'error: --success must be a probability from 0 to 1 such as 0.1, got "30%"; did you mean --success 0.3?'],
  ])("backoff %j", async (argv, message) => {
    expect(await runCli(argv)).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
  });

  it("each corrected command is accepted", async () => {
    for (const argv of [["--cap", "10s"], ["--base", "100", "--cap=10m", "--attempts", "3"], ["check", "--max-total", "5m", "--base", "1s"], ["solve", "-b", "1.5s", "--deadline", "10s"], ["--jitter", "0.2"], ["--base", "1.5s"]]) {
      expect((await runCli([...argv, "--format", "json"])).code, argv.join(" ")).toBeLessThan(2);
    }
  });
});

describe("synonymsBeside: another tool's word for an option, unless the command has that option itself", () => {
  it("drops a word that is one of the command's own flags, long or short, and keeps the rest", () => {
    const command = new Command("x").option("-o, --output <FORMAT=FILE>").option("--format <name>");
    expect(synonymsBeside({ "--output": "--format", "-o": "--format", "--retries": "--attempts" }, command)).toEqual({ "--retries": "--attempts" });
    expect(synonymsBeside({ "--output": "--format" }, new Command("y").option("--format <name>"))).toEqual({ "--output": "--format" });
  });

  it.each([
    // check's own --output (FORMAT=FILE) is a near spelling's answer there; elsewhere --output is --format's synonym
    [["check", "--outptu", "json=r.json"], "error: unknown option '--outptu' (did you mean --output?)"],
    [["--output", "json"], "error: unknown option '--output' (did you mean --format?)"],
    [["check", "--retries", "3"], "error: unknown option '--retries' (did you mean --attempts?)"],
    [["check", "--max-retries", "3"], "error: unknown option '--max-retries' (did you mean --max-attempts?)"],
  ])("backoff %j", async (argv, message) => {
    expect(await runCli(argv)).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
  });
});
