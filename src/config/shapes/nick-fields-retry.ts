import { shown } from "../errors.js";
import { type ActionStep, actionSteps, inputText, isExpression, stepDeadline } from "../github-workflows.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type Node, get, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { msText } from "../tree/values.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { NICK_FIELDS_RETRY_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/nick-fields-retry.js";

/**
 * GitHub Actions steps that use nick-fields/retry (`uses: nick-fields/retry@v3`), in a
 * workflow's `jobs.<job_id>.steps[]` or a composite action's `runs.steps[]`, read as the
 * action reads its `with:` inputs (src/inputs.ts getInputs, src/index.ts runAction and
 * runCmd, v4.0.0 ad984534; the same since v2.9):
 * - every input goes through Number.parseInt: "1.5" is 1, a value with no leading digits
 *   fails the step ("only accepts numbers");
 * - max_attempts counts the first try (3 when left out, and `|| 3` makes 0 a 3 too);
 *   retry_wait_seconds is the fixed wait (10 when left out or 0);
 * - exactly one of timeout_minutes and timeout_seconds must be given and non-zero, or the
 *   step fails before its first try (validateInputs); it is each try's limit, enforced at
 *   the first poll past it (polling_interval_seconds, 1 by default): the try time;
 * - the step's own `timeout-minutes` ends the whole step, and its job's the whole job: the
 *   earlier is the deadline;
 * - a `${{ … }}` value is set at run time: in max_attempts or retry_wait_seconds the step is
 *   reported as such; in a timeout (or polling_interval_seconds) only the try time is not
 *   known, and the rest of the step is checked.
 */
export const nickFieldsRetry: ConfigShape = {
  system: "nick-fields-retry",
  label: "GitHub Actions nick-fields/retry",
  preset: "nick-fields-retry",
  recognised: "GitHub Actions nick-fields/retry steps",
  levers: { cap: null, limits: ["max_attempts in the step's with (counts the first try)"], jitter: null },
  docs: {
    system: "GitHub Actions: nick-fields/retry",
    where: "a workflow's `jobs.<job_id>.steps[]` (`.github/workflows/*.yml`; a directory scan reads `.github/`) or a composite action's `runs.steps[]`, each step with `uses: nick-fields/retry@…`",
    policy:
      "the step's `with:` inputs as the action parses them (Number.parseInt): `max_attempts` (counts the first try; 3 when left out, and 0 is 3), `retry_wait_seconds` (the fixed wait; 10 when left out, and 0 is 10), exactly one of `timeout_minutes`/`timeout_seconds` (required: the step fails without one); a `${{ … }}` value is set at run time, not checked (in a timeout only the try time is unknown: the rest is checked); a step using another action reports nothing; preset `nick-fields-retry`. Timeouts: `timeout_minutes`/`timeout_seconds` (try time, rounded up to `polling_interval_seconds`), the step's `timeout-minutes` and its job's (deadline, the earlier of the two; the job's 360-minute default is not assumed)",
    conditions:
      "`retry_on` as src/index.ts runAction reads it: `any` (the default) every failure, a non-zero exit or a try that timed out; `error` a non-zero exit, not a timeout; `timeout` a timeout only (any other word is read as `any`: only `error` and `timeout` are compared); `retry_on_exit_code` (not 0) retries that exit code alone, never a timeout; a `${{ … }}` value is decided at run time. No budget",
  },
  words: { tree: /nick-fields\/retry/i },
  documents: { read: recognise },
};

const USES = /^nick-fields\/retry(?:@|$)/i;

/**
 * The action's inputs (nick-fields/retry v4, action.yml), and what it does without the one
 * meant. The runner passes an input the action does not declare on with a warning
 * ("Unexpected input(s)"), and the action never reads it.
 */
const INPUTS: ReadonlyMap<string, string> = new Map([
  ["timeout_minutes", "the action fails the step without a timeout"],
  ["timeout_seconds", "the action fails the step without a timeout"],
  ["max_attempts", "the action uses its default, 3 tries"],
  ["command", "the action has no command to run"],
  ["retry_wait_seconds", "the action waits its default, 10 s"],
  ["shell", "the action runs the command in its default shell"],
  ["polling_interval_seconds", "the action polls every 1 s, its default"],
  ["retry_on", "the action retries on any failure"],
  ["warning_on_retry", "the action warns on each retry"],
  ["on_retry_command", "nothing runs before a retry"],
  ["continue_on_error", "a last failure fails the step"],
  ["new_command_on_retry", "the retries run the same command"],
  ["retry_on_exit_code", "the action retries on any exit code"],
]);
const WITH: KeyTable = {
  system: "nick-fields-retry",
  where: "a nick-fields/retry step's with",
  known: [...INPUTS.keys()],
  instead: (meant) => (meant === null ? "the action does not read it" : (INPUTS.get(meant) ?? "the action does not read it")),
};

function recognise(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const step of actionSteps(root, USES)) if (step.inputs !== null) retryObjectKeys(step.inputs, WITH, findings);
  for (const step of actionSteps(root, USES)) findings.policy("nick-fields-retry", step.name, step.step.pos, () => ({ ...read(step), conditions: retryOn(step) }));
}

const LEVERS = { conditions: "retry_on (timeout) or retry_on_exit_code in the step's with", budget: null };

/**
 * What a step retries (src/index.ts runAction at v4.0.0, ad984534): a failed try is thrown,
 * not retried, when retry_on is "error" and it timed out (!done), when retry_on_exit_code is
 * set (not 0, as `&&` reads it) and differs from the exit code (0 after a timeout: the
 * command was killed), or when retry_on is "timeout" and it exited non-zero. retry_on is
 * `getInput('retry_on') || 'any'`: a word other than error and timeout retries as any does.
 */
function retryOn(step: ActionStep): RetryOn {
  const node = get(step.inputs ?? undefined, "retry_on");
  const codeNode = get(step.inputs ?? undefined, "retry_on_exit_code");
  const label = (key: string) => `${key} of step ${shown(step.name)}`;
  const runTime = (["retry_on", "retry_on_exit_code"] as const).filter((key) => isExpression(key === "retry_on" ? node : codeNode));
  const written = node === undefined || isExpression(node) ? null : inputText(node, label("retry_on"));
  const code = codeNode === undefined || isExpression(codeNode) ? undefined : parsedInt(step, "retry_on_exit_code");
  const exitCode = code === undefined || code.value === 0 ? null : code.value;
  const keys = [...(node === undefined ? [] : ["retry_on"]), ...(codeNode === undefined ? [] : ["retry_on_exit_code"])];
  const words = [...(node === undefined ? [] : [written ?? text(node) ?? ""]), ...(codeNode === undefined ? [] : [exitCode === null ? (text(codeNode) ?? "") : String(exitCode)])];
  if (keys.length === 0) return { ...NICK_FIELDS_RETRY_DEFAULT_RETRY_ON, levers: LEVERS };
  const from = keys.join(" and ");
  if (runTime.length > 0) return { words, from, isDefault: false, conditions: [{ kind: "code", why: `${runTime.join(" and ")} set at run time` }], levers: LEVERS };
  const on = written ?? "any";
  let conditions: Condition[];
  if (exitCode !== null) conditions = on === "timeout" ? [] : [{ kind: "other", text: `exit code ${exitCode}` }];
  else if (on === "timeout") conditions = [{ kind: "timeout" }];
  else if (on === "error") conditions = [{ kind: "every-error", but: "timeouts" }];
  else conditions = [{ kind: "every-error" }];
  return { words, from, isDefault: false, conditions, levers: LEVERS };
}

/** Number.parseInt of an input, as getInputNumber reads it: undefined when empty; a step failure for text without digits. */
function parsedInt(step: ActionStep, key: string): { value: number; node: Node } | undefined {
  const node = get(step.inputs ?? undefined, key);
  if (node === undefined) return undefined;
  const label = `${key} of step ${shown(step.name)}`;
  const input = inputText(node, label);
  if (input === null) return undefined;
  const match = /^\s*([+-]?\d+)/.exec(input);
  if (match === null) throw new FileProblem(node.pos, `${label} must be a number (the action fails the step: "Input ${key} only accepts numbers"), got ${shown(input)}`);
  const value = Number(match[1]);
  if (!Number.isSafeInteger(value)) throw new FileProblem(node.pos, `${label} is ${input}, beyond any number of attempts or seconds the action can wait`);
  return { value, node };
}

function read(step: ActionStep): { options: OptionValues; disabled?: boolean; timeouts?: FoundTimeout[] } {
  const label = (key: string) => `${key} of step ${shown(step.name)}`;
  const options: OptionValues = {};
  const timeouts: FoundTimeout[] = [];
  const attempts = parsedInt(step, "max_attempts");
  // getInputs: getInputNumber('max_attempts', true) || 3
  const maxAttempts = attempts === undefined || attempts.value === 0 ? 3 : attempts.value;
  if (maxAttempts < 0) throw new FileProblem(attempts!.node.pos, `${label("max_attempts")} is ${maxAttempts}: the action's loop (attempt <= max_attempts) never runs the command`);
  if (attempts !== undefined) options.attempts = String(maxAttempts - 1);
  const wait = parsedInt(step, "retry_wait_seconds");
  // getInputNumber('retry_wait_seconds', false) || 10
  if (wait !== undefined && wait.value < 0) throw new FileProblem(wait.node.pos, `${label("retry_wait_seconds")} must not be negative, got ${wait.value}`);
  if (wait !== undefined && wait.value !== 0) options.base = `${wait.value}s`;
  // A timeout (or polling interval) set by an expression is known only when the step runs: no try time, the rest is checked.
  if (["timeout_minutes", "timeout_seconds", "polling_interval_seconds"].some((key) => isExpression(get(step.inputs ?? undefined, key)))) {
    for (const key of ["timeout_minutes", "timeout_seconds", "polling_interval_seconds"]) if (!isExpression(get(step.inputs ?? undefined, key))) parsedInt(step, key);
    return withDeadline(step, options, maxAttempts, timeouts);
  }
  const minutes = parsedInt(step, "timeout_minutes");
  const seconds = parsedInt(step, "timeout_seconds");
  // validateInputs: exactly one of them, and non-zero (0 counts as not given).
  const given = [minutes, seconds].filter((t) => t !== undefined && t.value !== 0);
  if (given.length !== 1) {
    const where = given.length === 2 ? minutes!.node.pos : step.step.pos;
    throw new FileProblem(where, `step ${shown(step.name)} ${given.length === 2 ? "gives both timeout_minutes and timeout_seconds" : "gives neither timeout_minutes nor timeout_seconds"}: the action fails the step ("Must specify either timeout_minutes or timeout_seconds inputs")`);
  }
  const timeout = given[0]!;
  const key = timeout === minutes ? "timeout_minutes" : "timeout_seconds";
  if (timeout.value < 0) throw new FileProblem(timeout.node.pos, `${label(key)} must be positive, got ${timeout.value}`);
  const timeoutMs = timeout.value * (timeout === minutes ? 60_000 : 1000);
  // runCmd: do { await wait(polling_interval_seconds) } while (Date.now() < end_time && !done): killed at the first poll at or past the timeout.
  const polling = parsedInt(step, "polling_interval_seconds");
  const pollMs = (polling === undefined || polling.value === 0 ? 1 : polling.value) * 1000;
  if (pollMs < 0) throw new FileProblem(polling!.node.pos, `${label("polling_interval_seconds")} must be positive, got ${polling!.value}`);
  options.attemptTime = msText(Math.ceil(timeoutMs / pollMs) * pollMs);
  if (!Number.isSafeInteger(Math.ceil(timeoutMs / pollMs) * pollMs)) throw new FileProblem(timeout.node.pos, `${label(key)} is ${timeout.value}, beyond any time backoff checks`);
  const entry = step.inputs!.entries.get(key)!;
  timeouts.push({ role: "attempt-time", field: key, offset: entry.keyPos });
  return withDeadline(step, options, maxAttempts, timeouts);
}

/** The policy with the step's own timeout-minutes as its deadline. */
function withDeadline(step: ActionStep, options: OptionValues, maxAttempts: number, timeouts: FoundTimeout[]): { options: OptionValues; disabled?: boolean; timeouts?: FoundTimeout[] } {
  const deadline = stepDeadline(step);
  if (deadline !== null) {
    options.deadline = msText(deadline.ms);
    timeouts.push(deadline.found);
  }
  return { options, ...(maxAttempts === 1 ? { disabled: true } : {}), ...(timeouts.length === 0 ? {} : { timeouts }) };
}
