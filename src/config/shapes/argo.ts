import { argoDuration, goDuration } from "../durations.js";
import { shown } from "../errors.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import type { JsonEntry } from "../read/json.js";
import { type Node, get, isMap, isSeq, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundPolicy, type FoundTimeout, Placeholder } from "../tree/findings.js";
import { decimalText, describeNode, durationValue, wholeNumber } from "../tree/values.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { ARGO_DEFAULT_RETRY_ON, ARGO_PHASE_ERROR } from "../../core/conditions/defaults/argo.js";

/**
 * Argo Workflows (`Workflow`, `WorkflowTemplate`, `ClusterWorkflowTemplate`, and
 * `CronWorkflow` through its `workflowSpec`), read as the workflow controller runs it
 * (workflow/controller/operator.go, processNodeRetries, argoproj/argo-workflows at
 * 481caa77; the types in pkg/apis/workflow/v1alpha1):
 * - `retryStrategy` on the spec (every template's default), in `spec.templateDefaults`
 *   (merged under each template's own, the template's keys winning) and on each template;
 * - without `backoff` the retry is made at once: the controller waits only inside
 *   `if retryStrategy.Backoff != nil`;
 * - without `limit` it retries until the node succeeds ("No more retries left" needs a
 *   Limit), and waits never: the wait is taken only when `retryStrategy.Limit != nil`;
 * - `backoff.duration` is required once there is a backoff ("no base duration specified
 *   for retryStrategy" errors the node); `factor` multiplies only when it is above 0
 *   (unset or 0 keeps every wait at duration); `limit` and `factor` are IntOrString;
 *   durations are strings, a bare number being seconds;
 * - a containerSet's `retryStrategy: {retries, duration}` is the executor's
 *   (containerset_template.go GetRetryStrategy: wait.Backoff{Steps: retries, Duration}, run
 *   by k8s.io/client-go retry.OnError, which calls the container up to Steps times with a
 *   constant Duration between, none without one);
 * - Argo's own expressions (`{{workflow.parameters.n}}`, `{{inputs.parameters.x}}`) are
 *   set when the workflow runs: such a value is reported as set at run time.
 */
export const argo: ConfigShape = {
  system: "argo",
  label: "Argo Workflows",
  preset: "argo",
  recognised: "Argo Workflows retryStrategy",
  levers: { cap: "backoff.cap in the retryStrategy (Argo v3.7.0+)", limits: ["limit in the retryStrategy", "backoff.maxDuration in the retryStrategy"], jitter: null },
  docs: {
    system: "Argo Workflows",
    where: "`Workflow`, `WorkflowTemplate`, `ClusterWorkflowTemplate`, `CronWorkflow`",
    policy:
      "`retryStrategy` on the spec, in `spec.templateDefaults` (merged under each template's own) and on each template (`limit`, `backoff.duration/factor/cap/maxDuration`, quoted numbers as Argo allows), and a `containerSet`'s `retryStrategy` (`retries` tries, `duration` apart); as the controller runs it: no `backoff` retries at once (0 waits), a backoff without `factor` waits `duration` every time, no `limit` retries forever and at once, a `backoff` without `duration` is invalid; a `{{…}}` value is set at run time, not checked; preset `argo`. Timeouts: the workflow's `spec.activeDeadlineSeconds` (deadline), the template's `activeDeadlineSeconds` (try time); `backoff.maxDuration` is Argo's own stop",
    conditions:
      "`retryStrategy.retryPolicy` as the controller reads it (operator.go processNodeRetries, RetryPolicyActual): `OnFailure` (the default) a step that exited non-zero, every error but phase Error; `Always` every error; `OnError` phase Error only (a failure other than a non-zero exit); `OnTransientError` a failure whose message the controller finds transient (connection failures, timeouts, `TRANSIENT_ERROR_PATTERN`); with `expression` (then `Always` unless a policy is set), decided by code; another word is invalid. A `containerSet`'s `retryStrategy`: every error (the executor's `retry.OnError`). No budget",
  },
  words: { tree: /retryStrategy/ },
  documents: { read: recogniseArgo },
};

const KINDS = new Set(["Workflow", "WorkflowTemplate", "ClusterWorkflowTemplate", "CronWorkflow"]);

function recogniseArgo(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    if (!manifest.apiVersion.startsWith("argoproj.io/") || !KINDS.has(manifest.kind)) continue;
    const outer = get(manifest.node, "spec");
    const spec = manifest.kind === "CronWorkflow" ? get(outer, "workflowSpec") : outer;
    if (!isMap(spec)) continue;
    const specStrategy = spec.entries.get("retryStrategy");
    const workflow = spec.entries.get("activeDeadlineSeconds");
    if (specStrategy !== undefined) strategyKeys(specStrategy.value, findings);
    if (specStrategy !== undefined) strategy(specStrategy.value, `${manifest.name} (spec.retryStrategy)`, specStrategy.keyPos, findings, { workflow });
    const defaults = get(spec, "templateDefaults");
    const defaultStrategy = isMap(defaults) ? defaults.entries.get("retryStrategy") : undefined;
    if (defaultStrategy !== undefined) strategyKeys(defaultStrategy.value, findings);
    if (defaultStrategy !== undefined) strategy(defaultStrategy.value, `${manifest.name} (spec.templateDefaults.retryStrategy)`, defaultStrategy.keyPos, findings, { workflow });
    const templates = get(spec, "templates");
    if (!isSeq(templates)) continue;
    templates.items.forEach((template, index) => {
      if (!isMap(template)) return;
      const name = `${manifest.name}/${text(get(template, "name")) ?? `templates[${index}]`}`;
      const entry = template.entries.get("retryStrategy");
      if (entry !== undefined) {
        strategyKeys(entry.value, findings);
        // The template's own keys over templateDefaults' (a strategic merge: maps merge, the template's values win).
        const merged = defaultStrategy === undefined ? entry.value : mergeUnder(defaultStrategy.value, entry.value);
        strategy(merged, name, entry.keyPos, findings, { workflow, template: template.entries.get("activeDeadlineSeconds") });
      }
      const containerSet = get(template, "containerSet");
      const setStrategy = isMap(containerSet) ? containerSet.entries.get("retryStrategy") : undefined;
      if (setStrategy !== undefined && isMap(setStrategy.value)) retryObjectKeys(setStrategy.value, CONTAINER_SET, findings);
      if (setStrategy !== undefined) containerSetStrategy(setStrategy.value, `${name} (containerSet)`, setStrategy.keyPos, findings);
    });
  }
}

/**
 * The keys of a RetryStrategy and its Backoff (argoproj/argo-workflows v3.7,
 * pkg/apis/workflow/v1alpha1/workflow_types.go: RetryStrategy limit, retryPolicy,
 * backoff, affinity, expression; Backoff duration, factor, maxDuration, cap) and of a
 * containerSet's ContainerSetRetryStrategy (container_set_template_types.go: retries,
 * duration). The controller reads a workflow with Go's encoding/json, which passes over a
 * key its types do not have, so the strategy runs without it.
 */
const STRATEGY_KEYS: ReadonlyMap<string, string> = new Map([
  ["limit", "Argo retries until the node succeeds, at once"],
  ["retryPolicy", "Argo uses its default policy, OnFailure"],
  ["backoff", "Argo retries at once, with no wait"],
  ["affinity", "Argo does not steer the retries away from the failed node"],
  ["expression", "Argo retries whatever the expression would say"],
]);
const BACKOFF_KEYS: ReadonlyMap<string, string> = new Map([
  ["duration", "the backoff has no duration, and Argo fails the node"],
  ["factor", "every wait is the duration"],
  ["maxDuration", "the retries have no time limit"],
  ["cap", "the waits have no cap"],
]);
const CONTAINER_SET_KEYS: ReadonlyMap<string, string> = new Map([
  ["retries", "the executor runs the container once"],
  ["duration", "the executor calls the container again at once"],
]);
const table = (where: string, keys: ReadonlyMap<string, string>): KeyTable => ({
  system: "argo",
  where,
  known: [...keys.keys()],
  instead: (meant) => (meant === null ? "Argo does not define it" : (keys.get(meant) ?? "Argo does not define it")),
});
const STRATEGY = table("an Argo retryStrategy", STRATEGY_KEYS);
const BACKOFF = table("an Argo retryStrategy's backoff", BACKOFF_KEYS);
const CONTAINER_SET = table("an Argo containerSet's retryStrategy", CONTAINER_SET_KEYS);

/** Every key of a retryStrategy as written (not merged: each is reported once, where it is), and of its backoff, that Argo does not define. */
function strategyKeys(node: Node, findings: Findings): void {
  if (!isMap(node)) return;
  retryObjectKeys(node, STRATEGY, findings);
  const backoff = get(node, "backoff");
  if (isMap(backoff)) retryObjectKeys(backoff, BACKOFF, findings);
}

/** `over` merged onto `under`: maps merged key by key (recursively), anything else `over` as it is. */
function mergeUnder(under: Node, over: Node): Node {
  if (!isMap(under) || !isMap(over)) return over;
  const entries = new Map(under.entries);
  for (const [key, entry] of over.entries) {
    const below = entries.get(key);
    entries.set(key, below === undefined ? entry : { keyPos: entry.keyPos, value: mergeUnder(below.value, entry.value) });
  }
  return { kind: "object", pos: over.pos, entries };
}

/** One of Argo's own `{{…}}` expressions: substituted when the workflow runs. */
function setAtRunTime(node: Node | undefined, label: string): void {
  if (node !== undefined && node.kind === "string" && node.value.includes("{{")) {
    throw new Placeholder(node.pos, `${label} is set at run time (${shown(node.value)}), not a number the file gives`);
  }
}

type Read = Omit<FoundPolicy, "system" | "name" | "offset">;

const NO_BACKOFF = "no retryStrategy.backoff: Argo retries at once, with no wait (operator.go waits only when backoff is set)";
const NO_LIMIT = "no retryStrategy.limit: Argo retries until the node succeeds, at once (operator.go waits only when limit is set)";

function strategy(node: Node, name: string, offset: number, findings: Findings, timeouts: ArgoTimeouts = {}): void {
  findings.policy("argo", name, offset, () => ({ ...timed(readStrategy(node, name), timeouts, name), conditions: retryPolicy(node, name) }));
}

/** What the findings about an Argo retryStrategy's conditions tell the reader to edit. */
const ARGO_LEVERS = { conditions: "retryStrategy.retryPolicy (OnTransientError) or retryStrategy.expression of the template", budget: null };
/**
 * Each retryPolicy in the vocabulary (argoproj/argo-workflows v4.1.2, 16a52d67,
 * workflow/controller/operator.go processNodeRetries): Always retries a node in phase Failed
 * (a non-zero exit) or Error, OnFailure Failed only, OnError Error only, OnTransientError
 * either when util/errors/errors.go isTransientErr finds the node's message transient (its
 * network messages: connection refused, reset or closed, i/o and TLS handshake timeouts;
 * etcd's; the controller's TRANSIENT_ERROR_PATTERN).
 */
const RETRY_POLICIES: Readonly<Record<string, readonly Condition[]>> = {
  Always: [{ kind: "every-error" }],
  OnFailure: ARGO_DEFAULT_RETRY_ON.conditions,
  OnError: [{ kind: "other", text: ARGO_PHASE_ERROR }],
  OnTransientError: [{ kind: "connection" }, { kind: "timeout" }, { kind: "code", why: "the controller's transient errors and TRANSIENT_ERROR_PATTERN" }],
};

/**
 * What a retryStrategy retries on, as RetryPolicyActual (pkg/apis/workflow/v1alpha1/
 * workflow_types.go) picks the policy: the one written; without one OnFailure, or Always
 * when an expression is given, and then the expression (evaluated after each failed try,
 * false ends the retries) decides: code. A policy other than the four is refused ("is not
 * a valid RetryPolicy"); one of Argo's `{{…}}` is set at run time.
 */
function retryPolicy(node: Node, name: string): RetryOn {
  const label = (key: string) => `${key} of retryStrategy ${shown(name)}`;
  const policyNode = isMap(node) ? get(node, "retryPolicy") : undefined;
  const expressionNode = isMap(node) ? get(node, "expression") : undefined;
  const expression = expressionNode === undefined || expressionNode.kind === "null" ? "" : (text(expressionNode) ?? "");
  const written = policyNode === undefined || policyNode.kind === "null" ? "" : text(policyNode);
  if (written === undefined) throw new FileProblem(policyNode!.pos, `${label("retryPolicy")} must be Always, OnFailure, OnError or OnTransientError, got ${describeNode(policyNode!)}`);
  const atRunTime = written.includes("{{");
  if (!atRunTime && written !== "" && !Object.hasOwn(RETRY_POLICIES, written)) {
    throw new FileProblem(policyNode!.pos, `${label("retryPolicy")} must be Always, OnFailure, OnError or OnTransientError (Argo refuses any other: "is not a valid RetryPolicy"), got ${describeNode(policyNode!)}`);
  }
  const actual = written !== "" ? written : expression === "" ? "OnFailure" : "Always";
  if (expression !== "") {
    const words = [`retryPolicy ${actual}`, `expression ${expression}`];
    const why = atRunTime ? "retryPolicy set at run time, and the expression" : "the expression";
    return { words, from: "retryStrategy", isDefault: false, conditions: [{ kind: "code", why }], levers: ARGO_LEVERS };
  }
  if (written === "") return { ...ARGO_DEFAULT_RETRY_ON, levers: ARGO_LEVERS };
  if (atRunTime) return { words: [actual], from: "retryPolicy", isDefault: false, conditions: [{ kind: "code", why: "retryPolicy set at run time" }], levers: ARGO_LEVERS };
  return { words: [actual], from: "retryPolicy", isDefault: false, conditions: RETRY_POLICIES[actual]!, levers: ARGO_LEVERS };
}

/** A containerSet's retries: the executor (cmd/argoexec/commands/emissary.go) runs retry.OnError with a predicate that is always true. */
const CONTAINER_SET_ON: RetryOn = {
  words: ["retry.OnError, every error"],
  from: "the executor",
  isDefault: true,
  conditions: [{ kind: "every-error" }],
  levers: { conditions: "nothing in containerSet.retryStrategy (the executor retries every error): a template retryStrategy with retryPolicy or expression instead", budget: null },
};

/**
 * The timeouts around a retryStrategy: the workflow's `spec.activeDeadlineSeconds` ends the
 * whole workflow (the deadline, counted as if the template ran from its start: a retry that
 * cannot fire then surely cannot), a template's own `activeDeadlineSeconds` bounds each of
 * its pods, each try (argoproj/argo-workflows pkg/apis/workflow/v1alpha1/workflow_types.go:
 * WorkflowSpec.ActiveDeadlineSeconds, Template.ActiveDeadlineSeconds, "the pod may be
 * active on a node"). Whole seconds (IntOrString); an expression is set at run time and
 * not read. No defaults: left out, there is none.
 */
interface ArgoTimeouts {
  readonly workflow?: JsonEntry;
  readonly template?: JsonEntry;
}

function timed(read: Read, timeouts: ArgoTimeouts, name: string): Read {
  const options: OptionValues = { ...read.options };
  const found: FoundTimeout[] = [];
  const seconds = (entry: JsonEntry, label: string): string | null => {
    if (entry.value.kind === "string" && entry.value.value.includes("{{")) return null;
    const value = wholeNumber(entry.value, label, { quoted: true });
    if (value < 1) throw new FileProblem(entry.value.pos, `${label} must be at least 1`);
    return `${value}s`;
  };
  if (timeouts.workflow !== undefined) {
    const deadline = seconds(timeouts.workflow, `the workflow's activeDeadlineSeconds (${shown(name)})`);
    if (deadline !== null) {
      options.deadline = deadline;
      found.push({ role: "deadline", field: "the workflow's activeDeadlineSeconds", offset: timeouts.workflow.keyPos });
    }
  }
  if (timeouts.template !== undefined) {
    const tryTime = seconds(timeouts.template, `activeDeadlineSeconds of template ${shown(name)}`);
    if (tryTime !== null) {
      options.attemptTime = tryTime;
      found.push({ role: "attempt-time", field: "the template's activeDeadlineSeconds", offset: timeouts.template.keyPos });
    }
  }
  return found.length === 0 ? read : { ...read, options, timeouts: found };
}

function readStrategy(node: Node, name: string): Read {
  // retryStrategy: {} or a bare `retryStrategy:` retries as a strategy without limit.
  if (node.kind === "null") return { options: {}, atOnce: { why: NO_LIMIT }, forever: true };
  if (!isMap(node)) throw new FileProblem(node.pos, `retryStrategy of ${shown(name)} must be a map, got ${describeNode(node)}`);
  const options: OptionValues = {};
  const label = (key: string) => `${key} of retryStrategy ${shown(name)}`;
  const limit = get(node, "limit");
  const backoff = get(node, "backoff");
  setAtRunTime(limit, label("limit"));
  if (isMap(backoff)) for (const key of ["duration", "factor", "cap", "maxDuration"]) setAtRunTime(get(backoff, key), label(`backoff.${key}`));
  let count: number | null = null;
  if (limit !== undefined && limit.kind !== "null") {
    count = wholeNumber(limit, label("limit"), { quoted: true, max: 2_147_483_647 });
    options.attempts = String(count);
  }
  if (backoff !== undefined && backoff.kind !== "null") {
    if (!isMap(backoff)) throw new FileProblem(backoff.pos, `${label("backoff")} must be a map, got ${describeNode(backoff)}`);
    const expected = 'a duration such as "10" (seconds), "30s" or "2m"';
    const duration = get(backoff, "duration");
    if (duration === undefined) throw new FileProblem(backoff.pos, `${label("backoff")} has no duration: Argo fails the node ("no base duration specified for retryStrategy")`);
    options.base = durationValue(duration, label("backoff.duration"), argoDuration, expected);
    // Unset, 0 or negative: every wait is duration (operator.go multiplies only when factor > 0).
    const factor = get(backoff, "factor");
    const digits = factor === undefined ? null : decimalText(factor, label("backoff.factor"), { quoted: true });
    options.factor = digits === null || Number(digits) <= 0 ? "1" : digits;
    const cap = get(backoff, "cap");
    if (cap !== undefined) options.cap = durationValue(cap, label("backoff.cap"), argoDuration, expected);
    const maxDuration = get(backoff, "maxDuration");
    if (maxDuration !== undefined) options.maxElapsed = durationValue(maxDuration, label("backoff.maxDuration"), argoDuration, expected);
  }
  if (count === null) return { options: {}, atOnce: { why: NO_LIMIT }, forever: true };
  if (count === 0) return { options, disabled: true };
  if (options.base === undefined) return { options, atOnce: { why: NO_BACKOFF } };
  return { options };
}

/** A containerSet's retryStrategy: `retries` calls of the container (Steps), `duration` (a Go duration) between them. */
function containerSetStrategy(node: Node, name: string, offset: number, findings: Findings): void {
  findings.policy("argo", name, offset, (): Read => ({ ...containerSetRead(node, name), conditions: CONTAINER_SET_ON }));
}

function containerSetRead(node: Node, name: string): Read {
  if (!isMap(node)) throw new FileProblem(node.pos, `containerSet.retryStrategy of ${shown(name)} must be a map, got ${describeNode(node)}`);
  const label = (key: string) => `containerSet.retryStrategy.${key} of ${shown(name)}`;
  const retries = get(node, "retries");
  const duration = get(node, "duration");
  setAtRunTime(retries, label("retries"));
  setAtRunTime(duration, label("duration"));
  // Without retries the executor runs the container once (wait.Backoff{Steps: 1}).
  if (retries === undefined || retries.kind === "null") return { options: { attempts: "0" }, disabled: true };
  // Steps calls of the container: retries − 1 retries after the first (wait.ExponentialBackoff stops after Steps checks).
  const steps = wholeNumber(retries, label("retries"), { quoted: true, max: 2_147_483_647 });
  const options: OptionValues = { attempts: String(Math.max(0, steps - 1)) };
  if (steps <= 1) return { options, disabled: true };
  const expected = 'a Go duration such as "300ms", "1s" or "5m"';
  const ms = duration === undefined ? 0 : goDurationMs(duration, label("duration"), expected);
  const why = "containerSet.retryStrategy without duration: the executor calls the container again at once";
  if (ms === 0) return { options, atOnce: { why } };
  options.base = durationValue(duration!, label("duration"), goDuration, expected);
  options.factor = "1";
  return { options };
}

/** A Go duration in ms (time.ParseDuration: no bare numbers, no days); zero allowed. */
function goDurationMs(node: Node, label: string, expected: string): number {
  const ms = node.kind === "string" ? goDuration(node.value) : null;
  if (ms === null || ms < 0) throw new FileProblem(node.pos, `${label} must be ${expected}, got ${describeNode(node)}`);
  return ms;
}
