import type { Command } from "commander";
import { type CommandDefinition, commandOutput } from "../command.js";
import { addSharedOptions, synonymsFor } from "../shared/options.js";
import type { ChainOptions } from "./action.js";

/** What chain writes: in every format the registry writes it in (table first, the default). */
const OUTPUT = commandOutput("chain");

const HELP_AFTER = `
The layers come outermost first: the client, then what it calls, down to the
layer whose tries reach the backend. A SPEC is what compare takes (aws-sdk,
istio:attempts=2, fixed:base=1s,attempts=2; a strategy needs attempts=N, its
retries), with a budget after "@": envoy[:percent=20,min=3],
envoy-max-retries[:max=3], grpc:max-tokens=10,token-ratio=0.1,
aws[:tokens=500,cost=14], finagle or linkerd[:percent=20,min-per-second=10,
ttl=10s], ratio:percent=10, or none. aws-sdk layers have the SDK's retry quota
and envoy layers Envoy's max_retries breaker unless given "@none".

Counting: tries = 1 + retries. A layer's calls are those it sends down for each
call entering the top: its tries times those of every layer above (five layers
of 3 tries: 243). With --failure-rate P each try at the bottom fails on its own
with P; budgets are worked out in steady state at that rate (with --rps and
--attempt-time where they depend on them). The top's give-up time composes up
from --attempt-time: an outer try lasts the inner layer's whole sequence, or its
per-try timeout.

What fails: with --failure KIND every failing try at the bottom fails with it
(503 or overload, 429 or throttled, 500, 502, 504, connection or reset, timeout,
unavailable, resource-exhausted), and a layer whose conditions do not retry it
makes one try and passes it up. A layer's conditions are its preset's default,
its file's (a config's {"policy": "FILE#NAME"}), or retry-on=NAME+NAME in its
SPEC (the names above, 5xx, every, none; a config layer's "retry-on" list); one
whose conditions are not known is counted as retrying it.

Config: {"chain": ["aws-sdk", {"spec": "istio", "per-try-timeout": "2s",
"budget": "envoy"}, "resilience4j"], "rps": 100, "attempt-time": "200ms"}

Examples:
  $ backoff chain fixed:attempts=2 fixed:attempts=2 fixed:attempts=2
  $ backoff chain aws-sdk istio resilience4j --failure-rate 0.5
  $ backoff chain istio fixed:attempts=2,retry-on=connection --failure 503
  $ backoff chain aws-sdk@none istio@envoy resilience4j --rps 200 \\
      --attempt-time 100ms
  $ backoff chain --config chain.json --format csv
`;

/** `backoff chain SPEC…`: retries stacked across layers. */
export const chainCommand: CommandDefinition = {
  name: "chain",
  summary: "Stack retrying layers: the calls reaching the backend, the budgets that limit them, when the top gives up.",
  output: OUTPUT,
  synonyms: {
    ...synonymsFor(["format"]),
    "--file": "--config",
    "--failure-kind": "--failure",
    "--error-rate": "--failure-rate",
    "--p": "--failure-rate",
    "--qps": "--rps",
    "--rate": "--rps",
    "--try-time": "--attempt-time",
    "--latency": "--attempt-time",
  },
  define(command: Command) {
    command.argument("[spec...]", "the layers, outermost first: aws-sdk, istio:attempts=2, fixed:base=1s,attempts=2, with @budget");
    addSharedOptions(command, { config: { description: 'read the layers from a JSON file\'s "chain" section (- for standard input); flags override its inputs' } });
    command
      .option("--attempt-time <duration>", "how long a try at the bottom takes (the give-up times and concurrency budgets)")
      .option("--failure-rate <P>", "the share of tries at the bottom that fail, 0 to 1 or a percentage (default: 1, a full outage)")
      .option("--failure <kind>", "what the failing tries fail with: 503, 429, 500, 502, 504, connection, timeout, unavailable, resource-exhausted (default: a failure every layer retries)")
      .option("--rps <N>", "calls per second entering the top (for budgets that depend on the rate)");
    addSharedOptions(command, { format: { formats: OUTPUT.formats }, color: true });
    command.addHelpText("after", HELP_AFTER);
  },
  async run(command, io) {
    const { runChain } = await import("./action.js");
    return runChain(command.processedArgs[0] as string[], command.opts<ChainOptions>(), io);
  },
};
