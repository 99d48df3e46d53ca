import { shown } from "./errors.js";
import type { JsonEntry } from "./read/json.js";
import { type MapNode, type Node, get, isMap, isSeq, text } from "./tree/walk.js";
import { FileProblem, type FoundTimeout, Placeholder } from "./tree/findings.js";

/**
 * GitHub Actions workflows (`.github/workflows/*.yml`: `jobs.<job_id>.steps[]`) and
 * composite actions (`action.yml`: `runs.steps[]`), as the retry-step shapes read them
 * (shapes/nick-fields-retry.ts, shapes/wretry.ts): every step whose `uses` names the
 * action, with the job it is in and its own `timeout-minutes`.
 *
 * An action's inputs reach it as strings (`with:` values are coerced by the runner), so
 * 3 and "3" are the same input. A `${{ … }}` expression is evaluated by the runner when
 * the step runs: such a value is set at run time, not a number the file gives.
 */
export interface ActionStep {
  /** "<job_id>/<step name, id or steps[i]>" (a composite action's steps: "runs/…"). */
  readonly name: string;
  readonly step: MapNode;
  /** The step's `with:` map (null when it has none). */
  readonly inputs: MapNode | null;
  /** The step's own `timeout-minutes` entry (the whole step's limit, every try included). */
  readonly timeoutMinutes: JsonEntry | undefined;
  /** Its job's id and `timeout-minutes` entry (the whole job's limit, so the step's too); undefined in a composite action. */
  readonly jobTimeoutMinutes?: { readonly job: string; readonly entry: JsonEntry } | undefined;
}

/** `${{ … }}`: GitHub Actions' expression syntax. */
const EXPRESSION = /\$\{\{/;

/** The steps of a workflow or composite action whose `uses` the test accepts. */
export function actionSteps(root: Node, uses: RegExp): ActionStep[] {
  const found: ActionStep[] = [];
  const visit = (owner: string, steps: Node | undefined, jobTimeoutMinutes?: ActionStep["jobTimeoutMinutes"]) => {
    if (!isSeq(steps)) return;
    steps.items.forEach((step, index) => {
      if (!isMap(step)) return;
      const action = text(get(step, "uses"));
      if (action === undefined || !uses.test(action.trim())) return;
      const label = text(get(step, "name")) ?? text(get(step, "id")) ?? `steps[${index}]`;
      const inputs = get(step, "with");
      found.push({ name: `${owner}/${label}`, step, inputs: isMap(inputs) ? inputs : null, timeoutMinutes: step.entries.get("timeout-minutes"), jobTimeoutMinutes });
    });
  };
  const jobs = get(root, "jobs");
  if (isMap(jobs)) {
    for (const [id, { value: job }] of jobs.entries) {
      const entry = isMap(job) ? job.entries.get("timeout-minutes") : undefined;
      visit(id, get(job, "steps"), entry === undefined ? undefined : { job: id, entry });
    }
  }
  const runs = get(root, "runs");
  if (isMap(runs) && text(get(runs, "using")) === "composite") visit("runs", get(runs, "steps"));
  return found;
}

/** Whether a value is a `${{ … }}` expression, which the runner evaluates when the step runs. */
export function isExpression(node: Node | undefined): boolean {
  return node !== undefined && node.kind === "string" && EXPRESSION.test(node.value);
}

/** Refuses a `${{ … }}` value: the runner sets it when the step runs. */
export function notExpression(node: Node, label: string): void {
  if (node.kind === "string" && EXPRESSION.test(node.value)) {
    throw new Placeholder(node.pos, `${label} is set at run time (${shown(node.value)}), not a number the file gives`);
  }
}

/** An input's text as the action receives it (a string; a number or boolean by its own spelling); null for an empty or null value. */
export function inputText(node: Node, label: string): string | null {
  notExpression(node, label);
  if (node.kind === "null") return null;
  if (node.kind === "string") return node.value === "" ? null : node.value;
  if (node.kind === "number") return node.source;
  if (node.kind === "boolean") return String(node.value);
  throw new FileProblem(node.pos, `${label} must be a value, got a ${node.kind === "object" ? "map" : "list"}`);
}

/**
 * The step's deadline: its `timeout-minutes` cancels it when it has run that long, every try
 * and wait of the retrying action inside it included, and its job's `timeout-minutes` cancels
 * the whole job, so the step too, at most that long after the step starts (GitHub's workflow
 * syntax: jobs.<job_id>.steps[*].timeout-minutes, which has no default, and
 * jobs.<job_id>.timeout-minutes, 360 when left out, not assumed here). The earlier of the two
 * given; a number of minutes, or an expression, which is set at run time and not read.
 */
export function stepDeadline(step: ActionStep): { ms: number; found: FoundTimeout } | null {
  const own = minutesOf(step.timeoutMinutes, `timeout-minutes of step ${shown(step.name)}`, "the step's timeout-minutes");
  const job = step.jobTimeoutMinutes === undefined ? null : minutesOf(step.jobTimeoutMinutes.entry, `timeout-minutes of job ${shown(step.jobTimeoutMinutes.job)}`, "the job's timeout-minutes");
  if (own === null || job === null) return own ?? job;
  return job.ms < own.ms ? job : own;
}

/** A `timeout-minutes` entry in milliseconds, as the deadline it is; null when absent or set by an expression. */
function minutesOf(entry: JsonEntry | undefined, label: string, field: string): { ms: number; found: FoundTimeout } | null {
  if (entry === undefined) return null;
  const node = entry.value;
  if (node.kind === "string" && EXPRESSION.test(node.value)) return null;
  const digits = node.kind === "number" ? node.source : node.kind === "string" ? node.value.trim() : "";
  if (!/^\d+(\.\d+)?$/.test(digits) || Number(digits) <= 0) {
    throw new FileProblem(node.pos, `${label} must be a positive number of minutes, got ${node.kind === "string" ? shown(node.value) : digits || node.kind}`);
  }
  const ms = Number(digits) * 60_000;
  if (!Number.isSafeInteger(ms)) throw new FileProblem(node.pos, `${label} is ${digits}: backoff checks timeouts in whole milliseconds`);
  return { ms, found: { role: "deadline", field, offset: entry.keyPos } };
}
