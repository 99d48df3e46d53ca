import { type Command, Option } from "commander";
import { withDefaultText } from "../shared/options.js";

/** The three models `backoff simulate` runs. */
export const SIMULATE_MODELS = ["cohort", "occ", "capacity"] as const;
export type SimulateModel = (typeof SIMULATE_MODELS)[number];

/** The switches only --model occ reads (commander's names). */
export const OCC_ONLY = ["runs", "network"] as const;

/** The switches only --model capacity reads. */
export const CAPACITY_ONLY = [
  "rps",
  "capacity",
  "concurrency",
  "queue",
  "timeout",
  "outage",
  "outageKind",
  "duration",
  "arrivals",
  "retryBudget",
  "retryQuota",
  "retryThrottling",
  "circuitBreaker",
  "compare",
  "expected",
] as const;

/** The cohort model's own switches, which the herd models refuse. */
export const COHORT_ONLY = ["spread", "success", "chart"] as const;

/** The flag a switch is typed as: retryBudget → --retry-budget. */
export function flagOf(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The herd models' switches, each a string as typed (an optional value is `true` when left out). */
export interface HerdSwitches {
  readonly model?: SimulateModel;
  readonly runs?: string;
  readonly network?: string;
  readonly rps?: string;
  readonly capacity?: string;
  readonly concurrency?: string;
  readonly queue?: string;
  readonly timeout?: string;
  readonly outage?: string;
  readonly outageKind?: string;
  readonly duration?: string;
  readonly arrivals?: string;
  readonly retryBudget?: string;
  readonly retryQuota?: string | true;
  readonly retryThrottling?: string | true;
  readonly circuitBreaker?: string | true;
  readonly compare?: string;
  readonly expected?: boolean;
}

/** Declares --model and the options of the OCC and capacity models. */
export function defineHerdOptions(command: Command): void {
  command
    .addOption(new Option("--model <name>", "what is simulated: a cohort failing together, the AWS OCC experiment, or a server with finite capacity").choices(SIMULATE_MODELS).default("cohort", "cohort"))
    .addOption(withDefaultText(new Option("--runs <N>", "occ: runs per client count and mode (means are reported)"), "100"))
    .addOption(withDefaultText(new Option("--network <MEAN±SD>", "occ: each message's delay |normal(MEAN, SD)|"), "10ms±2ms"))
    .addOption(withDefaultText(new Option("--rps <N>", "capacity: new requests per second"), "500"))
    .addOption(withDefaultText(new Option("--capacity <N>", "capacity: calls per second the server completes"), "1000"))
    .addOption(withDefaultText(new Option("--concurrency <N>", "capacity: calls the server serves in parallel"), "1"))
    .addOption(withDefaultText(new Option("--queue <N>", "capacity: calls that may wait; more are rejected"), "2 s of work"))
    .addOption(withDefaultText(new Option("--timeout <duration>", "capacity: how long a client waits for an answer (none: for ever)"), "1s"))
    .addOption(withDefaultText(new Option("--outage <START..END>", "capacity: when the server fails every call"), "none"))
    .addOption(withDefaultText(new Option("--outage-kind <kind>", "capacity: stall (serves nothing, calls time out) or errors (fails each call straight away)"), "stall"))
    .addOption(withDefaultText(new Option("--duration <duration>", "capacity: the simulated time"), "1 min, or twice the outage's end"))
    .addOption(withDefaultText(new Option("--arrivals <kind>", "capacity: poisson or uniform"), "poisson"))
    .addOption(new Option("--retry-budget <R%>", "capacity: retries up to R% of the requests of the last 10 s"))
    .addOption(new Option("--retry-quota [TOKENS/COST/TIMEOUT_COST]", "capacity: the AWS SDK retry quota (500/5/10)"))
    .addOption(new Option("--retry-throttling [MAX/RATIO]", "capacity: gRPC retry throttling (10/0.1)"))
    .addOption(new Option("--circuit-breaker [RATIO/OPEN]", "capacity: a breaker that opens for OPEN when RATIO of the calls of 10 s fail (50%/5s)"))
    .addOption(new Option("--compare <list>", "capacity: variants side by side: none, no-retries, budget=R%, quota, throttling, breaker (join with +)"))
    .addOption(new Option("--expected", "capacity: expected counts per window from a flow model (its cost follows the simulated time, not the calls) instead of sampling every call"));
}
