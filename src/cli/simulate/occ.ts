import { PAPER_NETWORK } from "../../core/herd/network.js";
import { OCC_MODES, type OccMode, PAPER_BASE_MS, PAPER_CAP_MS } from "../../core/herd/occ-backoff.js";
import { type OccPoint, type OccSummary, OccTooLongError, simulateOccPoints } from "../../core/herd/occ.js";
import type { OccReport } from "../../format/herd/occ.js";
import { groupDigits } from "../../core/text/digits.js";
import { didYouMean } from "../../core/text/closest.js";
import { UsageError, shown } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { parseSeed } from "../../config/jitter-options.js";
import type { OptionValues } from "../../config/option-values.js";
import { seededRandom } from "../../core/random.js";
import { inputText, parseDuration } from "../../config/values.js";
import { outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import { DEFAULT_SEED, MAX_OCC_CLIENTS, OCC_DEFAULT_CLIENTS, type SimulateSwitches } from "./switches.js";
import { CAPACITY_ONLY, COHORT_ONLY, flagOf } from "./herd-options.js";
import { parseClientCounts, parseNetwork, parseWholeIn } from "./herd-values.js";

/** The experiment's number of runs per point (its headline case's clients: switches.ts OCC_DEFAULT_CLIENTS). */
export const OCC_DEFAULT_RUNS = "100";
// MAX_OCC_CLIENTS (switches.ts), the most clients a point may have: nothing in memory grows
// faster than the clients (a heap entry and three numbers each); what a count costs in time is
// its contention, which MAX_OCC_EVENTS bounds as the runs go.
export const MAX_OCC_RUNS = 100_000;
/**
 * Clients kept at once over a sweep's points and modes: the points' runs are taken in turn,
 * so every point's arrays (a heap entry and four numbers a client, about 44 bytes) are held
 * together; this many are about 180 MB.
 */
export const MAX_OCC_KEPT_CLIENTS = 4_000_000;
/** Client counts a sweep runs at most. */
export const MAX_OCC_POINTS = 1000;
/**
 * Messages a command may simulate at most, all points, modes and runs together. How many a
 * run takes is known only by running it: N clients in lock-step (no backoff, a network of
 * 10ms±0.001ms) take N(N+1)/2 writes, four messages each, while the same clients backing off
 * take far fewer (10,000 clients, 4 runs: 50 M messages without jitter, 14 M with full
 * jitter, 252 M with no backoff). So the least a sweep can take (one write per client a
 * run) is refused before it starts, and the runs stop at this budget, with exit 2 and nothing
 * printed, once they pass it. 200,000,000 messages took 15.6 s of CPU on this project's
 * 2-core machine under load (docs/performance.md), so the budget is about 8 s.
 */
export const MAX_OCC_EVENTS = 100_000_000;

/** The options of other models, refused here rather than ignored. */
const NOT_OCC: ReadonlyArray<[keyof OptionValues, string]> = [
  ["preset", "--preset"],
  ["strategy", "--strategy"],
  ["factor", "--factor"],
  ["step", "--step"],
  ["attempts", "--attempts"],
  ["maxElapsed", "--max-elapsed"],
];

/** `--jitter` under --model occ: one of the experiment's five modes. */
function parseOccMode(text: string): OccMode {
  const mode = inputText("--jitter", text).toLowerCase();
  if ((OCC_MODES as readonly string[]).includes(mode)) return mode as OccMode;
  throw new UsageError(`--jitter under --model occ is one of the experiment's modes: ${OCC_MODES.join(", ")}; got ${shown(text)}${didYouMean(mode, OCC_MODES)}`);
}

/** The options, checked and defaulted to the published set-up. */
export function occReportSetup(values: OptionValues, options: SimulateSwitches, given: ReadonlySet<string>): { clients: number[]; modes: OccMode[]; runs: number; base: number; cap: number; seed: number; network: OccReport["network"] } {
  for (const [key, flag] of NOT_OCC) {
    if (values[key] !== undefined) throw new UsageError(`${flag} does not apply to --model occ: the experiment's clients update once, backing off by the mode's doubling (--base, --cap, --jitter)`);
  }
  for (const key of [...COHORT_ONLY, "window", ...CAPACITY_ONLY]) {
    if (given.has(key)) throw new UsageError(`${flagOf(key)} does not apply to --model occ`);
  }
  const clients = parseClientCounts("--clients", given.has("clients") ? options.clients : OCC_DEFAULT_CLIENTS, MAX_OCC_CLIENTS, MAX_OCC_POINTS);
  const runs = parseWholeIn("--runs", options.runs ?? OCC_DEFAULT_RUNS, 1, MAX_OCC_RUNS);
  const base = values.base === undefined ? PAPER_BASE_MS : parseDuration("--base", values.base);
  const cap = values.cap === undefined ? PAPER_CAP_MS : parseDuration("--cap", values.cap);
  if (cap < base) throw new UsageError(`--cap must be at least --base (${values.base ?? `${PAPER_BASE_MS}ms`}), got ${shown(values.cap ?? `${PAPER_CAP_MS}ms`)}`);
  const network = options.network === undefined ? PAPER_NETWORK : parseNetwork("--network", options.network);
  const seed = values.seed === undefined ? DEFAULT_SEED : parseSeed("--seed", values.seed);
  if (options.compareJitter && values.jitter !== undefined) throw new UsageError("--compare-jitter runs all five modes; leave out --jitter");
  const modes = options.compareJitter ? [...OCC_MODES] : [values.jitter === undefined ? "none" : parseOccMode(values.jitter)];
  const kept = modes.length * clients.reduce((sum, n) => sum + n, 0);
  if (kept > MAX_OCC_KEPT_CLIENTS) {
    throw new UsageError(`--clients keeps ${groupDigits(kept)} clients at once over its points and modes (each point's runs are taken in turn), more than ${groupDigits(MAX_OCC_KEPT_CLIENTS)}; lower --clients or sweep in larger steps`);
  }
  const least = 4 * runs * modes.length * clients.reduce((sum, n) => sum + n, 0);
  if (least > MAX_OCC_EVENTS) {
    throw new UsageError(`--clients and --runs take at least ${groupDigits(least)} messages (a write a client a run, four messages each), more than ${groupDigits(MAX_OCC_EVENTS)}; lower --runs or --clients`);
  }
  return { clients, modes, runs, base, cap, seed, network };
}

/** The random stream of one point: the same for a client count and mode whether run alone or in a sweep. */
export function occStream(clients: number, mode: OccMode): number {
  return clients * 8 + OCC_MODES.indexOf(mode);
}

/** simulateOccPoints within a budget of messages (MAX_OCC_EVENTS), a run that passes it named in one line. */
export function occSummaries(points: ReadonlyArray<OccPoint & { clients: number; mode: OccMode }>, runs: number, maxEvents = MAX_OCC_EVENTS): OccSummary[] {
  try {
    return simulateOccPoints(points, runs, maxEvents);
  } catch (error) {
    if (!(error instanceof OccTooLongError)) throw error;
    const { clients, mode } = points[error.point]!;
    throw new UsageError(
      `the runs passed ${groupDigits(maxEvents)} messages, the most one command simulates, at run ${error.run} of ${groupDigits(runs)} of ${groupDigits(clients)} clients (mode ${mode}); lower --clients or --runs (clients that back off contend for fewer messages)`,
    );
  }
}

/** `backoff simulate --model occ`: the AWS experiment, per client count and mode. */
export async function runOcc(values: OptionValues, options: SimulateSwitches, given: ReadonlySet<string>, io: Io): Promise<number> {
  const { clients, modes, runs, base, cap, seed, network } = occReportSetup(values, options, given);
  const renderer = await outputRenderer("occ", options);
  if (renderer.sweep === true && clients.length < 2) throw new UsageError(`--format ${options.format} under --model occ draws a sweep: give --clients FROM..TO:STEP`);
  const points = clients.flatMap((n) => modes.map((mode) => ({ clients: n, mode, experiment: { clients: n, network, backoff: { mode, baseMs: base, capMs: cap } }, random: seededRandom(seed, occStream(n, mode)) })));
  // Every point's runs in turn (each its own stream: the same figures as one point at a time, in less time).
  const summaries = occSummaries(points, runs);
  const rows = points.map((point, i) => ({ clients: point.clients, mode: point.mode, summary: summaries[i]! }));
  const report: OccReport = { network, baseMs: base, capMs: cap, runs, seed, rows };
  await writeRendered(await renderer.render(report, renderContext(io, options)), io);
  return 0;
}
