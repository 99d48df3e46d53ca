import { shown } from "../errors.js";
import { type ActionStep, actionSteps, inputText, isExpression, stepDeadline } from "../github-workflows.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type Node, get, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundPolicy, type FoundTimeout } from "../tree/findings.js";
import { msText } from "../tree/values.js";
import { type KeyTable, nearRetryKeys } from "../tree/unknown-keys.js";
import type { RetryOn } from "../../core/conditions/condition.js";
import { WRETRY_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/wretry.js";

/**
 * GitHub Actions steps that use Wandalen/wretry.action (`uses: Wandalen/wretry.action@v3`,
 * or its `/main` sub-action), in a workflow's `jobs.<job_id>.steps[]` or a composite
 * action's `runs.steps[]`, read as src/Retry.js reads its inputs (v3.8.0, the tag
 * v3.8.0_js_action, 71a909eb) and wTools' _.retry runs them (Wandalen/wConsequence,
 * proto/wtools/abase/l9/consequence/Namespace.s):
 * - attempt_limit counts the first try (2 when left out or 0: `|| 2`); _.retry asserts it
 *   is above 0;
 * - attempt_delay is milliseconds (0 when left out: every retry at once), the same before
 *   every retry (attemptDelayMultiplier stays at its default 1); a negative one fails
 *   _.retry's assertion;
 * - time_out (ms) bounds the whole step, every try included: the deadline, as are the
 *   step's own `timeout-minutes` and its job's (the earliest counts); there is no per-try
 *   timeout;
 * - a `${{ … }}` value is set at run time: in attempt_limit or attempt_delay the step is
 *   reported as such; in time_out only that deadline is not known (the step's
 *   `timeout-minutes` still counts), and the rest is checked.
 */
export const wretry: ConfigShape = {
  system: "wretry",
  label: "GitHub Actions wretry.action",
  preset: "wretry",
  recognised: "GitHub Actions wretry.action steps",
  levers: { cap: null, limits: ["attempt_limit in the step's with (counts the first try)", "time_out in the step's with"], jitter: null },
  docs: {
    system: "GitHub Actions: Wandalen/wretry.action",
    where: "a workflow's `jobs.<job_id>.steps[]` (`.github/workflows/*.yml`; a directory scan reads `.github/`) or a composite action's `runs.steps[]`, each step with `uses: Wandalen/wretry.action@…` (or `…/main@…`)",
    policy:
      "the step's `with:` inputs: `attempt_limit` (counts the first try; 2 when left out, and 0 is 2), `attempt_delay` (milliseconds, the fixed wait; 0 when left out: retried at once); a `${{ … }}` value is set at run time, not checked (in `time_out` only that deadline is unknown: the rest is checked); preset `wretry`. Timeouts: `time_out` (ms), the step's `timeout-minutes` and its job's (deadline, the earliest; the job's 360-minute default is not assumed); no try time",
    conditions:
      "every failure of the command or action (a non-zero exit), as `retry_condition` left out or `true` has it (src/Retry.js onError); `false` retries nothing; any other expression (or a `${{ … }}`) is decided by code. No budget",
  },
  words: { tree: /wretry\.action/i },
  documents: { read: recognise },
};

const USES = /^wandalen\/wretry\.action(?:\/main)?(?:@|$)/i;

/**
 * The action's retry inputs (action.yml: attempt_limit, attempt_delay, time_out) and its
 * others (action, command, with, current_path; pre_retry_command, retry_condition and
 * github_token in v3): its input list has grown from release to release, so only a retry
 * input misspelt is named (the runner passes an undeclared input on with a warning, and
 * the action never reads it).
 */
const RETRY_INPUTS: ReadonlyMap<string, string> = new Map([
  ["attempt_limit", "the action uses its default, 2 tries"],
  ["attempt_delay", "the action retries at once (its default, 0 ms)"],
  ["time_out", "the step has no time limit of the action's"],
]);
const WITH: KeyTable = {
  system: "wretry",
  where: "a wretry.action step's with",
  known: [...RETRY_INPUTS.keys(), "action", "command", "with", "current_path", "pre_retry_command", "retry_condition", "github_token"],
  instead: (meant) => (meant === null ? "the action does not read it" : (RETRY_INPUTS.get(meant) ?? "the action does not read it")),
};

function recognise(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const step of actionSteps(root, USES)) if (step.inputs !== null) nearRetryKeys(step.inputs, WITH, [...RETRY_INPUTS.keys()], findings);
  for (const step of actionSteps(root, USES)) findings.policy("wretry", step.name, step.step.pos, () => ({ ...read(step), conditions: retryOn(step) }));
}

const LEVERS = { conditions: "retry_condition in the step's with", budget: null };

/**
 * What a step retries (src/Retry.js at v3.8.0_js_action, 71a909eb): _.retry calls onError
 * after every failed try (a non-zero exit of the command or of the wrapped action: wProcess's
 * start throws on one, its throwingExitCode being 'full' by default), which
 * retries when retry_condition holds: `core.getInput('retry_condition') || true`, evaluated
 * by github-actions-parser's evaluateExpression unless it is already a boolean (action.yml's
 * default is true). So every failure by default; "false" none; any other expression, or one
 * the runner fills in (`${{ … }}`), decides by code.
 */
function retryOn(step: ActionStep): RetryOn {
  const node = get(step.inputs ?? undefined, "retry_condition");
  if (node === undefined) return { ...WRETRY_DEFAULT_RETRY_ON, levers: LEVERS };
  if (isExpression(node)) return { words: [text(node) ?? ""], from: "retry_condition", isDefault: false, conditions: [{ kind: "code", why: "retry_condition set at run time" }], levers: LEVERS };
  const written = inputText(node, `retry_condition of step ${shown(step.name)}`);
  const expression = (written ?? "true").trim();
  // An empty or null retry_condition is no value: `|| true` gives the default.
  if (expression === "true") return written === null ? { ...WRETRY_DEFAULT_RETRY_ON, levers: LEVERS } : { words: ["true"], from: "retry_condition", isDefault: false, conditions: [{ kind: "every-error" }], levers: LEVERS };
  if (expression === "false") return { words: ["false"], from: "retry_condition", isDefault: false, conditions: [], levers: LEVERS };
  return { words: [expression], from: "retry_condition", isDefault: false, conditions: [{ kind: "code", why: "the retry_condition expression" }], levers: LEVERS };
}

/** A number input as _.number.from reads it; undefined when empty. */
function number(step: ActionStep, key: string): { value: number; node: Node } | undefined {
  const node = get(step.inputs ?? undefined, key);
  if (node === undefined) return undefined;
  const label = `${key} of step ${shown(step.name)}`;
  const input = inputText(node, label);
  if (input === null) return undefined;
  if (!/^\s*\d+\s*$/.test(input)) throw new FileProblem(node.pos, `${label} must be a whole number, got ${shown(input)}`);
  const value = Number(input);
  if (!Number.isSafeInteger(value)) throw new FileProblem(node.pos, `${label} is ${input.trim()}, beyond what the action can count or wait`);
  return { value, node };
}

function read(step: ActionStep): Omit<FoundPolicy, "system" | "name" | "offset"> {
  const options: OptionValues = {};
  const timeouts: FoundTimeout[] = [];
  const limit = number(step, "attempt_limit");
  // Retry.js: _.number.from(core.getInput('attempt_limit')) || 2
  const attempts = limit === undefined || limit.value === 0 ? 2 : limit.value;
  if (limit !== undefined) options.attempts = String(attempts - 1);
  const delay = number(step, "attempt_delay");
  if (delay !== undefined && delay.value > 0) options.base = msText(delay.value);
  // time_out: _.number.from(…) || null, in ms, for the whole step; the step's timeout-minutes likewise.
  // A time_out set by an expression is known only when the step runs: the step's own timeout-minutes, if any, still ends it.
  const timeOut = isExpression(get(step.inputs ?? undefined, "time_out")) ? undefined : number(step, "time_out");
  const stepLimit = stepDeadline(step);
  if (timeOut !== undefined && timeOut.value > 0 && (stepLimit === null || timeOut.value <= stepLimit.ms)) {
    options.deadline = msText(timeOut.value);
    timeouts.push({ role: "deadline", field: "time_out", offset: step.inputs!.entries.get("time_out")!.keyPos });
  } else if (stepLimit !== null) {
    options.deadline = msText(stepLimit.ms);
    timeouts.push(stepLimit.found);
  }
  const found = timeouts.length === 0 ? {} : { timeouts };
  if (attempts === 1) return { options, disabled: true, ...found };
  if (options.base === undefined) return { options: { ...options, attempts: String(attempts - 1) }, atOnce: { why: "no attempt_delay: wretry.action retries at once (attempt_delay defaults to 0 ms)" }, ...found };
  return { options, ...found };
}
