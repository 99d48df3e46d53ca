import { retriesWithin } from "../../core/deadline/fit.js";
import type { DeadlineInput } from "../../core/deadline/input.js";
import { jitteredPolicyModel } from "../../core/jitter/index.js";
import type { OptionValues } from "../../config/option-values.js";
import { UsageError } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { POLICY_DEFAULTS, jitterFromValues, policyFromValues } from "../../config/policy-values.js";
import { outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import { type TryTiming, timingFromValues } from "../../config/timing.js";
import type { Program } from "../command.js";
import { MAX_SHOWN_ATTEMPTS, type SolveOptions, givenPolicyValues } from "./options.js";

/** The schedule's flags for a value, as `backoff` takes them. */
const FLAG_OF: Readonly<Partial<Record<keyof OptionValues, string>>> = { attemptTime: "attempt-time" };

/**
 * `backoff solve --deadline D [--attempt-time T]`: how many retries fit before the
 * deadline, every one of them firing and running its try in full in every run (the
 * calculator's policy).
 */
export async function runDeadlineSolve(options: SolveOptions, io: Io, showSchedule: Program["schedule"]): Promise<number> {
  if (options.total !== undefined) throw new UsageError("give --total (a wait to reach) or --deadline (a timeout to fit the retries in), not both");
  if (options.attempts !== undefined) throw new UsageError("solve --deadline finds how many retries fit: leave out --attempts");
  // Without --base (and without --preset) the base is the schedule's own default (POLICY_DEFAULTS), as `backoff` takes it; the answer says so.
  const defaultedBase = options.base === undefined && options.preset === undefined;
  const values: OptionValues = {
    ...(options.preset === undefined ? {} : { preset: options.preset }),
    ...givenPolicyValues(options),
    ...(defaultedBase ? { base: POLICY_DEFAULTS.base } : {}),
    ...(options.attemptTime === undefined ? {} : { attemptTime: options.attemptTime }),
    deadline: options.deadline!,
  };
  const timing = timingFromValues(values)! as TryTiming & { readonly deadlineMs: number };
  const input = deadlineInputOf(values, timing);
  const fit = retriesWithin(input);
  const renderer = await outputRenderer("solve", options);
  const context = renderContext(io, options);
  if (!fit.ok) {
    await writeRendered(await renderer.render({ kind: "deadline-no-solution", fit }, context), io);
    return 1;
  }
  const command = `backoff ${Object.entries({ ...values, attempts: String(fit.retries) })
    .map(([key, value]) => `--${FLAG_OF[key as keyof OptionValues] ?? key} ${value}`)
    .join(" ")}`;
  // The schedule with the answer: the fitting retries and the first that does not, so its verdict shows.
  const shown = fit.retries + 1 <= MAX_SHOWN_ATTEMPTS;
  await writeRendered(await renderer.render({ kind: "deadline-solution", fit, context: { ...timing, stopText: null, command, defaulted: defaultedBase ? { base: POLICY_DEFAULTS.base } : null }, shown }, context), io);
  if (!shown || renderer.showsSchedule !== true) return 0;
  return showSchedule({ ...values, attempts: String(fit.retries + 1) }, { format: "table", color: options.color }, io);
}

/** The deadline model's input: the calculator's policy; the count is what is found. */
function deadlineInputOf(values: OptionValues, timing: TryTiming): DeadlineInput {
  // A library's own elapsed-time limit would have to count the tries (see run-schedule's --preset refusal).
  if (values.preset !== undefined) throw new UsageError("solve --deadline finds the retries of backoff's own policies; under --preset it is not modelled yet");
  if (values.maxElapsed !== undefined) throw new UsageError("--max-elapsed applies only under --preset, for a library that stops by elapsed time");
  const policy = policyFromValues(values);
  const { jitter } = jitterFromValues(values, policy);
  return { waits: jitteredPolicyModel(policy, jitter), retries: null, ...timing, stop: null };
}
