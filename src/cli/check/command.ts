import { type Command, InvalidArgumentError } from "commander";
import type { CommandDefinition } from "../command.js";
import { UsageError, shown } from "../shared/errors.js";
import { ASSERT_KEYS } from "../shared/option-values.js";
import { addSharedOptions, givenValues, synonymsFor } from "../shared/options.js";

/** The retries a policy is checked over when neither the file nor a flag says. */
export const CHECK_DEFAULT_ATTEMPTS = "10";

export const CHECK_FORMATS = ["table", "json"] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

/** Earlier versions called the report `text`; that name still works. */
const FORMAT_ALIASES: Readonly<Record<string, CheckFormat>> = { text: "table" };

function parseCheckFormat(value: string): CheckFormat {
  const format = FORMAT_ALIASES[value] ?? CHECK_FORMATS.find((f) => f === value);
  // Commander's own wording, which run.ts reshapes into "--format must be one of …".
  if (format === undefined) throw new InvalidArgumentError(`Allowed choices are ${CHECK_FORMATS.join(", ")}.`);
  return format;
}

/**
 * Words people type for check's options. The policy's ceiling is --cap, as everywhere;
 * limits on the outcome are --max-delay and --max-total, so "--max" could be either.
 */
const CHECK_SYNONYMS = {
  ...synonymsFor(["attempts", "base", "factor", "strategy", "jitter", "format"]),
  "--max": "--max-delay or --max-total",
  "--limit": "--max-delay or --max-total",
  "--ceiling": "--cap or --max-delay",
  "--max-timeout": "--cap or --max-delay",
  "--max-interval": "--cap or --max-delay",
  "--total": "--max-total",
  "--max-wait": "--max-total",
  "--timeout": "--max-total",
  "--deadline": "--max-total",
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
(jitter can push delays above the cap), over-a-day (worst-case total beyond 24 h).

Config (--config file.json, or - for standard input), flags override it:
  {"strategy": "exponential", "base": "1s", "cap": "30s", "attempts": 8,
   "assert": {"max-total": "5m", "max-delay": "30s"}, "clients": 200}
  {"policies": {"email": {...}, "webhook": {...}}, "assert": {...}}
  {"attempts": 5, "backoff": {"type": "exponential", "delay": 1000}}   (BullMQ job options)

Examples:
  $ backoff check retry.json                      # the same as --config retry.json
  $ backoff check --config retry.json
  $ backoff check --base 1s --cap 30s --attempts 8 --max-total 5m --attempt-time 2s
  $ GITHUB_ACTIONS=true backoff check --config retry.json --strict

Exit codes: 0 every limit holds, 1 a limit is broken (or a warning under --strict), 2 bad input.
`;

interface CheckCommandSwitches {
  readonly config?: string;
  readonly policy?: string;
  readonly strict?: boolean;
  readonly format: CheckFormat;
  readonly color: boolean;
}

/** `backoff check`: a policy against limits, for CI. */
export const checkCommand: CommandDefinition = {
  name: "check",
  summary: "Check a retry policy against limits (for CI): exit 0 when every limit holds, 1 when one is broken.",
  synonyms: CHECK_SYNONYMS,
  define(command: Command) {
    command.argument("[file]", "a config file to check, the same as --config file");
    addSharedOptions(command, {
      config: { description: "read the policies, limits and clients from a JSON file (- for standard input); flags override it" },
      policy: { description: "check only this policy of the config file" },
      strategy: true,
      base: { description: "the first delay" },
      cap: true,
      factor: true,
      step: { description: "linear growth per attempt" },
      attempts: { flags: "-a, --attempts <N>", description: "retries the policy makes before giving up", defaultText: CHECK_DEFAULT_ATTEMPTS },
      jitter: { description: "none, full, equal, decorrelated, or a fraction in (0, 1]; checks use its exact bounds" },
      preset: { description: "check a retry library's exact schedule (backoff presets lists them)" },
    });
    for (const [key, { kind, help }] of Object.entries(ASSERT_KEYS)) command.option(`--${key} <${kind === "count" ? "N" : "duration"}>`, help);
    command.option("--clients <N>", "how many clients run this policy at once (no jitter from 10 is a warning)").option("--strict", "fail (exit 1) on warnings too");
    addSharedOptions(command, { format: { choices: CHECK_FORMATS, default: "table", parse: parseCheckFormat }, color: true });
    command.addHelpText("after", HELP_AFTER);
  },
  async run(command, io) {
    const { runCheck } = await import("./action.js");
    const switches = command.opts<CheckCommandSwitches>();
    const file = command.processedArgs[0] as string | undefined;
    if (file !== undefined && switches.config !== undefined) {
      throw new UsageError(`give the config file once: ${shown(file)} or --config ${shown(switches.config)}`);
    }
    const config = file ?? switches.config;
    return runCheck(givenValues(command), { ...switches, ...(config === undefined ? {} : { config }), strict: switches.strict === true }, io);
  },
};
