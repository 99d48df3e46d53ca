import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { chainCommand } from "../../../src/cli/chain/command.js";
import { runCli } from "../../support/cli.js";
import { useTempCwd } from "../../support/files.js";
import { formatsWriting } from "../../../src/format/registry.js";
import { formatList } from "../../support/registries.js";

// `backoff chain`'s definition: its arguments, options, formats, the words people type for
// its options, and the help's examples (each of which must run). What the layers add up to
// is the action's (test/cli/chain/action.test.ts).

const defined = () => {
  const command = new Command("chain");
  chainCommand.define(command);
  return command;
};

describe("chain's definition", () => {
  it("writes the chain output in every format with a chain renderer, the table (the default) first", () => {
    expect(chainCommand.name).toBe("chain");
    expect(chainCommand.output).toEqual({ writes: [{ writes: "chain", formats: formatsWriting("chain") }], formats: formatsWriting("chain") });
    expect(chainCommand.output!.formats[0]).toBe("table");
  });

  it("takes any number of SPECs and the options of a chain, in help's order", () => {
    const command = defined();
    expect(command.registeredArguments.map((argument) => [argument.name(), argument.variadic, argument.required])).toEqual([["spec", true, false]]);
    expect(command.options.map((option) => option.long)).toEqual(["--config", "--attempt-time", "--failure-rate", "--failure", "--rps", "--format", "--no-color"]);
    expect(command.options.find((option) => option.long === "--format")!.defaultValue).toBe("table");
  });

  it("hands the SPECs, outermost first, and the options to the action", async () => {
    // Two layers of 2 tries (1 retry each): 2 calls at the top's layer, 4 at the bottom.
    const result = await runCli(["chain", "fixed:attempts=1", "fixed:base=5ms,attempts=1", "--failure-rate", "1", "--format", "json"]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    const json = JSON.parse(result.stdout);
    expect(json.layers.map((layer: { policy: string; tries: number; worst_case_calls: number }) => [layer.policy, layer.tries, layer.worst_case_calls])).toEqual([
      ["fixed:attempts=1", 2, 2],
      ["fixed:base=5ms,attempts=1", 2, 4],
    ]);
    expect(json.total.worst_case_calls).toBe(4);
  });
});

describe("the words people type for chain's options", () => {
  const meant: Array<[string, string]> = [
    ["--qps", "--rps"],
    ["--rate", "--rps"],
    // --failure is an option of its own (issue 41, item 5): what the failing tries fail with.
    ["--failure-kind", "--failure"],
    ["--error-rate", "--failure-rate"],
    ["--p", "--failure-rate"],
    ["--try-time", "--attempt-time"],
    ["--latency", "--attempt-time"],
    ["--file", "--config"],
    ["--output", "--format"],
  ];
  for (const [word, option] of meant) {
    it(`${word} → ${option}`, async () => {
      const result = await runCli(["chain", "istio", word, "1"]);
      expect(result).toEqual({ code: 2, stdout: "", stderr: `error: unknown option '${word}' (did you mean ${option}?)\n` });
    });
  }

  it("--format takes only chain's formats, with the nearest named", async () => {
    expect(await runCli(["chain", "istio", "--format", "svg"])).toEqual({ code: 2, stdout: "", stderr: `error: --format must be one of ${formatList("chain")}, got "svg"\n` });
    expect((await runCli(["chain", "istio", "--format", "jsno"])).stderr).toBe(`error: --format must be one of ${formatList("chain")}, got "jsno"; did you mean json?\n`);
  });
});

describe("chain --help", () => {
  const cwd = useTempCwd("chain-help");

  it("ends with the counting rules, the config's form and examples, and every example runs", async () => {
    const help = await runCli(["chain", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Counting: tries = 1 + retries.");
    const examples = help.stdout
      .replace(/\\\n\s+/g, "")
      .split("\n")
      .filter((line) => line.startsWith("  $ backoff chain "))
      .map((line) => line.slice("  $ backoff ".length).split(/\s+/));
    expect(examples.map((args) => args.join(" "))).toEqual([
      "chain fixed:attempts=2 fixed:attempts=2 fixed:attempts=2",
      "chain aws-sdk istio resilience4j --failure-rate 0.5",
      "chain istio fixed:attempts=2,retry-on=connection --failure 503",
      "chain aws-sdk@none istio@envoy resilience4j --rps 200 --attempt-time 100ms",
      "chain --config chain.json --format csv",
    ]);
    // The config the help shows, as chain.json.
    const config = /Config: (\{[^]*?\})\n\n/.exec(help.stdout)![1]!.replace(/\n/g, " ");
    cwd.write("chain.json", config);
    for (const args of examples) {
      const result = await runCli(args);
      expect([args.join(" "), result.code, result.stderr]).toEqual([args.join(" "), 0, ""]);
    }
  });
});
