import { type Command, Option } from "commander";
import { type FormatName, formatsBeside } from "../../format/registry.js";
import { type CommandDefinition, type CommandOutput, commandOutput, outputWritten } from "../command.js";
import { ASSERT_KEYS, CHECK_DEFAULT_ATTEMPTS, CLIENTS_HELP, GRPC_CLIENTS, POLICY_KEYS, limitsFromOptions, parseCount } from "../../config/option-values.js";
import type { Io } from "../shared/io.js";
import { bareLimitWarnings } from "../../config/bare-numbers.js";
import { UsageError } from "../shared/errors.js";
import { addSharedOptions, givenValues, synonymsFor } from "../shared/options.js";



/**
 * Words people type for check's options. The policy's ceiling is --cap, as everywhere;
 * limits on the outcome are --max-delay and --max-total, so "--max" could be either.
 */
const CHECK_SYNONYMS = {
  // Its own --output (FORMAT=FILE) is not answered as --format's synonym: the guidance skips a command's own options (shared/guidance.ts synonymsBeside).
  ...synonymsFor(["attempts", "base", "factor", "strategy", "jitter", "format"]),
  "--max": "--max-delay or --max-total",
  "--limit": "--max-delay or --max-total",
  "--ceiling": "--cap or --max-delay",
  "--max-timeout": "--cap or --max-delay",
  "--max-interval": "--cap or --max-delay",
  "--total": "--max-total",
  "--max-wait": "--max-total",
  "--timeout": "--deadline or --max-total",
  "--give-up": "--max-give-up",
  "--budget": "--max-total",
  "--max-retries": "--max-attempts",
  "--min-delay": "--min-first",
  "--warn": "--strict",
};

const HELP_AFTER = `
Totals: total(k) = delay(1) + … + delay(k) + (k + 1) × attempt-time, the wall-clock from the
first try until try k + 1 has failed; the checked total is total(attempts), worst case for
--max-total (every jittered delay at its maximum), best case for --min-total. Figures come
from exact bounds, never from samples: a check gives the same answer on every run.

Warnings (fail only with --strict): no-cap (exponential without a cap), early-cap (more than
half the attempts wait the cap), no-jitter (no jitter with --clients 10 or more), exceeds-cap
(jitter can push delays above the cap), over-a-day (worst-case total beyond 24 h),
stacked-retries (a chain in which more than one layer retries), unreachable-retries (retries
the deadline ends before they start; an error with --unreachable-retries error or
"unreachable-retries": "error" in the config's assert).

Deadlines: with --deadline D (or a timeout read beside the policy in a file: a route
timeout, a job's deadline), retry a starts at a × attempt-time + delay(1) + … + delay(a);
one that would start at or after D never fires. --max-give-up fails when the policy gives
up later than the limit: when its last try ends, or at D (docs/deadlines.md).

Config (--config file.json, or - for standard input), flags override it:
  {"strategy": "exponential", "base": "1s", "cap": "30s", "attempts": 8,
   "assert": {"max-total": "5m", "max-delay": "30s"}, "clients": 200}
  {"policies": {"email": {...}, "webhook": {...}}, "assert": {...}}
  {"attempts": 5, "backoff": {"type": "exponential", "delay": 1000}}   (BullMQ job options)
  {"chain": ["aws-sdk", "istio", "resilience4j"], "assert": {"max-amplification": 10}}
    (layers outermost first, as backoff chain takes them: --max-amplification N fails when
    more than N calls reach the backend per call at the top, every call failing)

Files (backoff check PATH…): every retry policy in the files, each directory searched
(.git, node_modules, dist, build, vendor and what the top .gitignore lists are left out),
under the repository config: .backoff.yaml (.yml, .json) at the repository's root (the
nearest folder up holding .git), or --config FILE; --no-config reads none. It holds
"assert", "rules" (a level per rule: error, warning, off), "exclude", "grpc-client" and
"overrides" ([{files, assert, rules, grpc-client}], the later wins); flags override it.
It reads:
backoff's own config (JSON or YAML), BullMQ job options, Step Functions (also inside
CloudFormation/SAM), Kubernetes Job/CronJob, Argo retryStrategy, Istio VirtualService,
Envoy retry_policy, Spring resilience4j and Kafka client properties. The limits given as
flags apply to every policy found; - reads one file from standard input.

Examples:
  $ backoff check .
  $ backoff check deploy/ --max-total 10m --attempt-time 30s --format sarif > backoff.sarif
  $ backoff check retry.json                      # the policies in one file
  $ backoff check deploy/ --config ci/backoff.yaml    # a repository config named
  $ backoff check --config retry.json
  $ backoff check --config chain.json --max-amplification 10
  $ backoff check --base 1s --cap 30s --attempts 8 --max-total 5m --attempt-time 2s
  $ GITHUB_ACTIONS=true backoff check --config retry.json --strict

Exit codes: 0 every limit holds, 1 a limit is broken or a policy in a file is invalid (or a
warning under --strict), 2 bad input.
`;

/** The flags that describe a policy (a seed alone describes none). */
const DESCRIBING_KEYS = POLICY_KEYS.filter((key) => key !== "seed");

interface CheckCommandSwitches {
  readonly exclude?: string[];
  readonly anyFile?: boolean;
  readonly follow?: boolean;
  readonly maxAmplification?: string;
  readonly config?: string | false;
  readonly policy?: string;
  readonly strict?: boolean;
  readonly format: FormatName;
  readonly color: boolean;
  readonly output?: string[];
  readonly grpcClient?: string;
  readonly baseline?: string;
  readonly writeBaseline?: string;
}


/** What check writes, and in which formats (the first is the default); GitHub annotations beside any of them (cli/check/report.ts). */
const OUTPUT: CommandOutput = { ...commandOutput("check"), beside: [outputWritten("check", formatsBeside("check"))] };

/** `backoff check`: a policy against limits, for CI. */
export const checkCommand: CommandDefinition = {
  name: "check",
  summary: "Check a retry policy against limits (for CI): exit 0 when every limit holds, 1 when one is broken.",
  output: OUTPUT,
  synonyms: CHECK_SYNONYMS,
  define(command: Command) {
    addSharedOptions(command, {
      config: { description: "read the policies, limits and clients from a JSON or YAML file (- for standard input); flags override it" },
      policy: { description: "check only this policy of the config file" },
      strategy: true,
      base: { description: "the first delay" },
      cap: true,
      factor: true,
      step: { description: "linear growth per attempt" },
      attempts: { flags: "-a, --attempts <N>", description: "retries the policy makes before giving up", defaultText: `${CHECK_DEFAULT_ATTEMPTS}; under --preset, the library's own count` },
      jitter: { description: "none, full, equal, decorrelated, or a fraction in (0, 1]; checks use its exact bounds" },
      preset: { description: "check a retry library's exact schedule, with its own retry count and time limit (backoff presets lists them)" },
      maxElapsed: true,
    });
    for (const [key, { kind, help }] of Object.entries(ASSERT_KEYS)) command.option(`--${key} <${kind === "count" ? "N" : kind === "level" ? "level" : "duration"}>`, help);
    command.option("--max-amplification <N>", 'with a config\'s "chain": at most N calls reach the backend per call at the top, every call failing');
    command.option("--clients <N>", CLIENTS_HELP).option("--strict", "fail (exit 1) on warnings too");
    command.argument("[paths...]", "files and directories holding retry policies (- for standard input)");
    command.addOption(
      new Option("--exclude <glob>", "with PATH: leave out what this .gitignore-style pattern matches (repeatable)").argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    );
    command.option("--any-file", "with PATH: a named file that holds no retry policy is passed over, as in a directory (for pre-commit, which names every changed file)");
    command.option("--baseline <file>", "with PATH: fail only on findings this baseline does not record (file, system, policy, rule; not the line), and say how many it records are gone");
    command.option("--write-baseline <file>", "with PATH: record today's findings in this file (written whole, or not at all), which --baseline reads");
    command.option("--no-config", "with PATH: read no repository config (.backoff.yaml at the repository's root is read otherwise)");
    command.option("--follow", "with PATH: follow symbolic links that lead out of the directory searched (not followed by default, as ripgrep and git do not)");
    command.addOption(
      new Option("--grpc-client <client>", "with PATH: check gRPC service configs as this client draws its waits (grpc-java 1.71+, grpc-go 1.69+, grpc-js and C-core each draw ±20 %); by default the bounds that hold for all of them").choices([...GRPC_CLIENTS]),
    );
    addSharedOptions(command, { format: { formats: OUTPUT.formats }, color: true });
    command.addOption(
      new Option("--output <FORMAT=FILE>", `also write the report in FORMAT (${OUTPUT.formats.join(", ")}) to FILE, whole or not at all, whatever the exit code (repeatable)`).argParser(
        (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
      ),
    );
    command.addHelpText("after", HELP_AFTER);
  },
  async run(command, io) {
    const code = await runCheckCommand(command, io);
    // Said once the check has run: a run that ends in a usage error (exit 2) keeps to its one line.
    for (const line of bareLimitWarnings(givenValues(command))) io.stderr.write(`${line}\n`);
    return code;
  },
};

/** check PATH…, check --config FILE, or one policy from flags. */
async function runCheckCommand(command: Command, io: Io): Promise<number> {
  const { runCheck } = await import("./action.js");
  const { output, ...given } = command.opts<CheckCommandSwitches>();
  // Read before anything is checked: a bad --output writes no file.
  const { outputTargets, refuseOverwrites } = await import("./outputs.js");
  const outputs = outputTargets(output ?? [], OUTPUT.formats);
  const switches = { ...given, outputs };
  const paths = command.args;
  // No file written twice, nor over a file named to be read (a found one is looked at once the scan has found it: files.ts).
  refuseOverwrites(
    [...outputs.map(({ format, file }) => ({ flag: `--output ${format}=${file}`, file })), ...(given.writeBaseline === undefined ? [] : [{ flag: "--write-baseline", file: given.writeBaseline }])],
    [
      ...paths.filter((path) => path !== "-").map((file) => ({ flag: "PATH", file })),
      ...(typeof given.config === "string" && given.config !== "-" ? [{ flag: "--config", file: given.config }] : []),
      ...(given.baseline === undefined ? [] : [{ flag: "--baseline", file: given.baseline }]),
    ],
  );
  if (paths.length > 0 || switches.exclude !== undefined || switches.anyFile === true || switches.follow === true || switches.grpcClient !== undefined) {
    if (paths.length === 0) {
      const flag = switches.exclude !== undefined ? "--exclude" : switches.anyFile === true ? "--any-file" : switches.grpcClient !== undefined ? "--grpc-client" : "--follow";
      throw new UsageError(`${flag} needs a PATH to search (backoff check . ${flag === "--exclude" ? "--exclude GLOB" : flag === "--grpc-client" ? "--grpc-client java" : flag})`);
    }
    if (switches.maxAmplification !== undefined) throw new UsageError('--max-amplification checks a chain, and check PATH does not guess which policy calls which; name the layers in a config\'s "chain" section and run backoff check --config FILE');
    const { runCheckFiles } = await import("./files.js");
    return runCheckFiles(paths, givenValues(command), { ...switches, strict: switches.strict === true, exclude: switches.exclude ?? [], anyFile: switches.anyFile === true, follow: switches.follow === true }, io);
  }
  const explicit = givenValues(command);
  if (switches.baseline !== undefined || switches.writeBaseline !== undefined) throw new UsageError(`${switches.baseline !== undefined ? "--baseline" : "--write-baseline"} holds the findings of check PATH: name a PATH (backoff check . --baseline FILE)`);
  if (switches.config === false) throw new UsageError("--no-config leaves out the repository config that check PATH reads; without a PATH there is none to leave out");
  // Without a PATH, a config or a flag that describes a policy, there is nothing to check (the built-in 1 s default is nobody's policy).
  if (switches.config === undefined && !DESCRIBING_KEYS.some((key) => explicit[key] !== undefined)) {
    // A bad limit is named first: it is the line the user has to fix either way.
    limitsFromOptions(explicit);
    if (explicit.clients !== undefined) parseCount("--clients", explicit.clients);
    throw new UsageError("no policy given: name a PATH such as `.`, a `--config FILE`, or policy flags such as --base 1s --attempts 8");
  }
  return runCheck(explicit, { ...switches, config: switches.config, strict: switches.strict === true }, io);
}
