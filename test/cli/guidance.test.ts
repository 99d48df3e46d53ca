import { relative } from "node:path";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { COMMAND_NAMES, ROOT_COMMAND, SUBCOMMANDS } from "../../src/cli/registry.js";
import { synonymsBeside } from "../../src/cli/shared/guidance.js";
import { runCli } from "../support/cli.js";
import { tempFiles } from "../support/files.js";
import { COMMANDS_LISTED, PRESET_NAMES_SORTED, formatList } from "../support/registries.js";

// What a first guess gets back: one line on stderr, exit 2, nothing on stdout.
async function usage(argv: string[]): Promise<string> {
  const { code, stdout, stderr } = await runCli(argv);
  expect(code).toBe(2);
  expect(stdout).toBe("");
  return stderr;
}

const DURATION = "a duration such as 250ms, 1.5s, 2m or 1h (a bare number is milliseconds)";

describe("unknown options: the option people mean", () => {
  it.each([
    [["--retries", "5"], "--retries", "--attempts"],
    [["--count", "5"], "--count", "--attempts"],
    [["-n", "5"], "-n", "--attempts"],
    [["--tries", "5"], "--tries", "--attempts"],
    [["--max", "10s"], "--max", "--cap"],
    [["--max-delay", "10s"], "--max-delay", "--cap"],
    [["--ceiling", "10s"], "--ceiling", "--cap"],
    [["--limit", "10s"], "--limit", "--cap"],
    [["--initial", "1s"], "--initial", "--base"],
    [["--delay", "1s"], "--delay", "--base"],
    [["--min", "1s"], "--min", "--base"],
    [["--multiplier", "1.6"], "--multiplier", "--factor"],
    [["--exp", "2"], "--exp", "--factor"],
    [["-v"], "-v", "-V"],
    [["--output", "csv"], "--output", "--format"],
  ])("backoff %j", async (argv, word, meant) => {
    expect(await usage(argv)).toBe(`error: unknown option '${word}' (did you mean ${meant}?)\n`);
  });

  it("check: limits on the outcome are --max-delay and --max-total; the policy's ceiling stays --cap", async () => {
    expect(await usage(["check", "--max", "10s"])).toBe("error: unknown option '--max' (did you mean --max-delay or --max-total?)\n");
    expect(await usage(["check", "--limit", "10s"])).toBe("error: unknown option '--limit' (did you mean --max-delay or --max-total?)\n");
    expect(await usage(["check", "--ceiling", "10s"])).toBe("error: unknown option '--ceiling' (did you mean --cap or --max-delay?)\n");
    expect(await usage(["check", "--timeout", "5m"])).toBe("error: unknown option '--timeout' (did you mean --deadline or --max-total?)\n");
    expect(await usage(["check", "--max-retries", "5"])).toBe("error: unknown option '--max-retries' (did you mean --max-attempts?)\n");
    expect(await usage(["check", "--retries", "5"])).toBe("error: unknown option '--retries' (did you mean --attempts?)\n");
    expect(await usage(["check", "--multiplier", "2"])).toBe("error: unknown option '--multiplier' (did you mean --factor?)\n");
  });

  it("solve and simulate have their own words", async () => {
    expect(await usage(["solve", "--target", "1h"])).toBe("error: unknown option '--target' (did you mean --total?)\n");
    expect(await usage(["solve", "--initial", "1s"])).toBe("error: unknown option '--initial' (did you mean --base?)\n");
    expect(await usage(["simulate", "-n", "5"])).toBe("error: unknown option '-n' (did you mean --clients or --attempts?)\n");
    expect(await usage(["simulate", "--retries", "5"])).toBe("error: unknown option '--retries' (did you mean --attempts?)\n");
  });

  it("a typo still gets the nearest option; anything else, where the options are listed", async () => {
    expect(await usage(["--bse", "5"])).toBe("error: unknown option '--bse' (did you mean --base?)\n");
    expect(await usage(["--wibble"])).toBe("error: unknown option '--wibble' (backoff --help lists the options)\n");
    expect(await usage(["check", "-v"])).toBe("error: unknown option '-v' (backoff check --help lists the options)\n");
    expect(await usage(["--retries=5"])).toBe("error: unknown option '--retries=5' (did you mean --attempts?)\n");
  });

  it("every synonym points at options its command has; none answered is an option of its own", () => {
    for (const definition of [ROOT_COMMAND, ...SUBCOMMANDS]) {
      const command = new Command(definition.name || "backoff");
      definition.define(command);
      const flags = new Set(command.options.flatMap((option) => [option.short, option.long]));
      if (definition === ROOT_COMMAND) flags.add("-V");
      for (const [word, meant] of Object.entries(synonymsBeside(definition.synonyms ?? {}, command))) {
        expect(flags.has(word), `${definition.name}: ${word} is an option itself`).toBe(false);
        for (const flag of meant.split(" or ")) expect(flags.has(flag), `${definition.name}: ${word} → ${flag}`).toBe(true);
      }
    }
  });
});

describe("an option without its value: what it takes", () => {
  it.each([
    [["--jitter"], "error: --jitter needs a value: none, full, equal, decorrelated, or a fraction in (0, 1] such as 0.2\n"],
    [["--format"], `error: --format needs a value: one of ${formatList("")}\n`],
    [["--strategy"], "error: --strategy needs a value: one of exponential, linear, fixed\n"],
    [["--base"], `error: --base needs a value: ${DURATION}\n`],
    [["-c"], `error: --cap needs a value: ${DURATION}\n`],
    [["--factor"], "error: --factor needs a value: a number such as 1.6\n"],
    [["--attempts"], "error: --attempts needs a value: a count such as 10 (attempts 1..10) or a range such as 3..8\n"],
    [["--seed"], "error: --seed needs a value: a whole number such as 7\n"],
    [["--preset"], "error: --preset needs a value: a library's name (backoff presets lists them)\n"],
    [["--config"], "error: --config needs a value: a JSON or YAML file, or - for standard input\n"],
    [["--scale"], "error: --scale needs a value: one of linear, log\n"],
    [["check", "--format"], `error: --format needs a value: one of ${formatList("check")}\n`],
    [["presets", "--format"], `error: --format needs a value: one of ${formatList("presets")}\n`],
    [["compare", "--format"], `error: --format needs a value: one of ${formatList("compare")}\n`],
    [["check", "--max-total"], `error: --max-total needs a value: ${DURATION}\n`],
    [["check", "--clients"], "error: --clients needs a value: a whole number such as 5\n"],
    [["simulate", "--format"], `error: --format needs a value: one of ${formatList("simulate")}\n`],
    [["simulate", "--success"], "error: --success needs a value: a probability from 0 to 1 such as 0.1\n"],
    [["solve", "--format"], `error: --format needs a value: one of ${formatList("solve")}\n`],
    [["completion"], "error: backoff completion needs a shell: bash, zsh or fish\n"],
  ])("backoff %j", async (argv, message) => {
    expect(await usage(argv)).toBe(message);
  });

  it("a wrong shell lists the shells", async () => {
    expect(await usage(["completion", "tcsh"])).toBe('error: backoff completion takes a shell: bash, zsh or fish, got "tcsh"\n');
  });
});

describe("backoff help [command]", () => {
  it("prints the same help as --help, on stdout, exit 0", async () => {
    const help = await runCli(["help"]);
    expect(help.code).toBe(0);
    expect(help.stderr).toBe("");
    expect(help.stdout).toBe((await runCli(["--help"])).stdout);
    for (const name of COMMAND_NAMES) {
      const own = await runCli(["help", name]);
      expect(own.code).toBe(0);
      expect(own.stdout).toBe((await runCli([name, "--help"])).stdout);
      expect(own.stdout.startsWith(`Usage: backoff ${name} `)).toBe(true);
    }
  });

  it("answers an unknown command with the nearest one", async () => {
    expect(await usage(["help", "chek"])).toBe("error: unknown command \"chek\"; did you mean check?\n");
    expect(await usage(["help", "wibble"])).toBe(`error: unknown command "wibble" (the commands are ${COMMANDS_LISTED})\n`);
  });
});

describe("one vocabulary", () => {
  it("every command's help has an Examples section, and its summary is a capitalised sentence", async () => {
    for (const name of [null, ...COMMAND_NAMES]) {
      const { stdout } = await runCli(name === null ? ["--help"] : [name, "--help"]);
      expect(stdout, name ?? "backoff").toMatch(/\nExamples[^\n]*:\n  (?:# [^\n]*\n  )?\$ backoff/);
    }
    for (const definition of [ROOT_COMMAND, ...SUBCOMMANDS]) expect(definition.summary, definition.name).toMatch(/^[A-Z].*\.$/);
  });

  it("presets --help lists every preset name", async () => {
    const { stdout } = await runCli(["presets", "--help"]);
    // Every name, sorted, after "Presets (N):", wrapped at 80 columns after a comma: each line
    // indented two spaces and as full as it can be (the next name and its comma would pass 80).
    const lines = stdout.split(`Presets (${PRESET_NAMES_SORTED.length}):\n`)[1]!.split("\n\n")[0]!.replace(/\n$/, "").split("\n");
    expect(lines.join(" ").split(/,? +/).filter(Boolean)).toEqual(PRESET_NAMES_SORTED);
    for (const [k, line] of lines.entries()) {
      expect(line.startsWith("  ") && line.length <= 80, line).toBe(true);
      if (k === lines.length - 1) expect(line.endsWith(PRESET_NAMES_SORTED.at(-1)!), line).toBe(true);
      else expect([line.endsWith(","), `${line} ${lines[k + 1]!.trim().split(" ")[0]!}`.length > 80], line).toEqual([true, true]);
    }
    expect((await runCli(["help", "presets"])).stdout).toBe(stdout);
  });

  it("check calls its report `table` (and still takes `text`)", async () => {
    const args = ["check", "--base", "1s", "--cap", "30s", "--attempts", "8", "--max-total", "5m"];
    const expected = "✓ max-total 5 min: worst case 2 min 1 s\n✓ the limit holds\n";
    for (const format of [[], ["--format", "table"], ["--format", "text"], ["-f", "text"]]) {
      const { code, stdout } = await runCli([...args, ...format]);
      expect(code).toBe(0);
      expect(stdout).toBe(expected);
    }
    expect(await usage([...args, "--format", "csv"])).toBe(`error: --format must be one of ${formatList("check")}, got "csv"\n`);
    // Wide enough that commander does not wrap the line.
    expect((await runCli(["check", "--help"], { env: { COLUMNS: "200" } })).stdout).toContain(`output format (one of ${formatList("check")}; default: table)`);
  });

  it("check FILE (a bare file) is checked as check PATH does, in the table or text form alike", async () => {
    const dir = tempFiles({ "retry.json": '{"base": "1s", "cap": "30s", "attempts": 8, "assert": {"max-total": "1m"}}' });
    const file = `${dir}/retry.json`;
    // Delays 1, 2, 4, 8, 16, 30, 30, 30 s: totals 1, 3, 7, 15, 31, 61 s: over a minute from attempt 6; 121 s in all.
    const expected = [
      relative(process.cwd(), file),
      "  ✗ retry.json (backoff config, line 1:1)",
      "    8 retries: worst-case total 2 min 1 s, best case 2 min 1 s, largest delay 30 s (attempt 6), no jitter",
      "    ✗ max-total 1 min: worst case 2 min 1 s (first over the limit at attempt 6)",
      "✗ 1 of 1 limit broken, 1 policy in 1 file",
      "",
    ].join("\n");
    for (const format of [[], ["--format", "table"], ["--format", "text"]]) {
      const bare = await runCli(["check", file, ...format]);
      expect(bare.code).toBe(1);
      expect(bare.stdout).toBe(expected);
    }
    // The policy report of --config says the same, without the file's heading.
    const config = await runCli(["check", "--config", file]);
    expect(config.stdout).toBe("✗ max-total 1 min: worst case 2 min 1 s (first over the limit at attempt 6)\n✗ 1 of 1 limit broken\n");
    // --config beside PATH names the repository config (issue 37, item 1): the report says which, then the same lines.
    const both = await runCli(["check", file, "--config", file]);
    expect([both.code, both.stdout]).toEqual([1, `config: ${relative(process.cwd(), file)}\n${expected}`]);
  });

  it("presets calls its listing `table` too (and still takes `text`)", async () => {
    const listing = (await runCli(["presets"])).stdout;
    for (const format of ["table", "text"]) expect((await runCli(["presets", "--format", format])).stdout).toBe(listing);
    expect(await usage(["presets", "--format", "csv"])).toBe(`error: --format must be one of ${formatList("presets")}, got "csv"\n`);
  });

  it("simulate writes TSV wherever it writes CSV", async () => {
    // No jitter: 100 clients retry at 1 s, then at 1 + 2 = 3 s, all in one window.
    const { code, stdout } = await runCli(["simulate", "--clients", "100", "--attempts", "2", "--format", "tsv"]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        "attempt\tclients\tearliest_ms\tp50_ms\tp95_ms\tlatest_ms\tpeak_load\tunjittered_latest_ms\tunjittered_peak_load",
        "1\t100\t1000\t1000\t1000\t1000\t100\t1000\t100",
        "2\t100\t3000\t3000\t3000\t3000\t100\t3000\t100",
        "",
      ].join("\n"),
    );
    const csv = (await runCli(["simulate", "--clients", "100", "--attempts", "2", "--format", "csv", "--compare-jitter", "--cap", "5s"])).stdout;
    const tsv = (await runCli(["simulate", "--clients", "100", "--attempts", "2", "--format", "tsv", "--compare-jitter", "--cap", "5s"])).stdout;
    expect(tsv).toBe(csv.replace(/,/g, "\t"));
  });
});
