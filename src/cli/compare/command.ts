import { type Command, Option } from "commander";
import { type CommandDefinition, commandOutput } from "../command.js";
import { addSharedOptions, synonymsFor } from "../shared/options.js";
import type { CompareOptions } from "./action.js";

const HELP_AFTER = `
A SPEC is a preset name, or a preset or strategy with overrides written as the long option
names: bullmq, bullmq:base=2s,jitter=0.5, exponential:base=1s,factor=1.6,cap=2m,
linear:base=1s,step=500ms, fixed:base=2s. --config adds every policy of a config file;
--attempts applies to every policy (a library that stops earlier simply has fewer rows).
csv, tsv and json are in long form (one row per policy and attempt) for pivot tables.

Examples:
  $ backoff compare bullmq exponential:base=1s,factor=1.6,cap=2m fixed:base=2s
  $ backoff compare bullmq:base=2s,jitter=0.5 grpc --attempts 8 --format csv
  $ backoff compare --config retry.json --format html > policies.html
  $ backoff compare istio grpc-retry --attempt-time 1s --deadline 5s
`;

/** What compare writes: in every format the registry writes it in (table first, the default). */
const OUTPUT = commandOutput("compare");

/** `backoff compare SPEC…`: several policies side by side. */
export const compareCommand: CommandDefinition = {
  name: "compare",
  summary: "Compare policies side by side: which gives up first, which waits longest.",
  output: OUTPUT,
  synonyms: { ...synonymsFor(["attempts", "format"]), "--file": "--config" },
  define(command: Command) {
    command.argument("[spec...]", "a preset or strategy, with overrides: bullmq, bullmq:base=2s,jitter=0.5, exponential:base=1s,cap=2m");
    addSharedOptions(command, {
      config: { description: "add every policy of a JSON or YAML config file (- for standard input)" },
      attempts: { description: "attempts to show, for every policy", defaultText: "1..10, or a library's own count" },
      attemptTime: true,
      deadline: true,
      format: { formats: OUTPUT.formats },
    });
    command.addOption(new Option("--chart", "draw the delays under the table, policy by policy"));
    addSharedOptions(command, { scale: true, color: true });
    command.addHelpText("after", HELP_AFTER);
  },
  async run(command, io) {
    const { runCompare } = await import("./action.js");
    return runCompare(command.processedArgs[0] as string[], command.opts<CompareOptions>(), io);
  },
};
