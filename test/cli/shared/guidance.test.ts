import { describe, expect, it } from "vitest";
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
