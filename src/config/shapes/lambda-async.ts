import { shown } from "../errors.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, get, isMap, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundPolicy, type FoundTimeout, Placeholder } from "../tree/findings.js";
import { describeNode } from "../tree/values.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";
import type { RetryOn } from "../../core/conditions/condition.js";
import { LAMBDA_ASYNC_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/lambda-async.js";

/**
 * AWS Lambda's asynchronous invocation settings in CloudFormation and SAM templates (YAML
 * or JSON): each `AWS::Lambda::EventInvokeConfig` resource and each
 * `AWS::Serverless::Function`'s `EventInvokeConfig` property (SAM's
 * `Globals.Function.EventInvokeConfig` under it, for every SAM function of the template
 * that does not ignore it, merged key by key as the SAM translator merges globals), with MaximumRetryAttempts
 * (0 to 2, default 2) and MaximumEventAgeInSeconds (60 to 21,600, default 21,600), as
 * the AWS Lambda Developer Guide ("How Lambda handles errors and retries with asynchronous
 * invocation") and the resource's reference give them.
 *
 * Values set when the stack is deployed are not numbers the file gives: an intrinsic
 * function (`!Ref Retries`, `{"Ref": "Retries"}`, `!If`, `Fn::FindInMap`, …) is reported
 * as such. (The YAML reader drops a tag and keeps its value, so a tag is found in the text
 * in front of the value, as the step-functions shape reads `!Sub`.)
 *
 * The function's `Timeout` (seconds; 3 when left out, SAM's `Globals.Function.Timeout`
 * first) bounds each run, each try: the try time, read from the function resource the
 * config names (`FunctionName: !Ref Fn` or `{"Ref": "Fn"}`, or the SAM function itself).
 * MaximumEventAgeInSeconds discards an event older than it, so no retry is made past it:
 * the deadline, counted from the first run's start (the event's time in the queue before
 * that is not known), 21,600 s when left out.
 */
export const lambdaAsync: ConfigShape = {
  system: "lambda-async",
  label: "AWS Lambda async invocation",
  preset: "lambda-async",
  recognised: "Lambda EventInvokeConfig (CloudFormation/SAM)",
  levers: { cap: null, limits: ["MaximumRetryAttempts of the EventInvokeConfig", "MaximumEventAgeInSeconds of the EventInvokeConfig"], jitter: null },
  docs: {
    system: "AWS Lambda asynchronous invocation",
    where: "CloudFormation/SAM templates (YAML or JSON): `AWS::Lambda::EventInvokeConfig` resources, `AWS::Serverless::Function`'s `EventInvokeConfig` (SAM's `Globals.Function.EventInvokeConfig` for every SAM function, its own keys over the globals')",
    policy:
      "`MaximumRetryAttempts` (0–2, default 2; 0 switches retries off), `MaximumEventAgeInSeconds` (60–21,600, default 21,600: no retry once the event is that old); the waits are AWS's documented 1 min and 2 min; an intrinsic function (`!Ref`, `Ref`, `!If`, …) is set when the stack is deployed, not checked; preset `lambda-async`. Timeouts: `MaximumEventAgeInSeconds` (deadline, counted from the first run; 6 h when left out), the function's `Timeout` (try time; 3 s when left out, SAM's `Globals.Function.Timeout` first) when `FunctionName` is a `Ref` to a function of the template",
    conditions:
      "not set by the file: every function error (the code's errors and the runtime's, timeouts included), as AWS documents it; Lambda's own throttles (429) and system errors (5xx) are retried apart, from its queue until `MaximumEventAgeInSeconds`, not counted by `MaximumRetryAttempts` (named, not an overload signal this policy retries). No budget",
  },
  words: { tree: /EventInvokeConfig/ },
  documents: { read: recognise },
};

const FUNCTION_TYPES = new Set(["AWS::Lambda::Function", "AWS::Serverless::Function"]);
const INTRINSIC_KEY = /^(?:Ref|Fn::[A-Za-z]+|Condition)$/;
/** A function's Timeout when left out (AWS::Lambda::Function Timeout: "The default is 3 seconds"). */
const DEFAULT_TIMEOUT_S = 3;
const MAX_TIMEOUT_S = 900;
/** MaximumEventAgeInSeconds when left out: 21,600 s, 6 hours. */
const DEFAULT_AGE_S = 21_600;

/**
 * The properties of an AWS::Lambda::EventInvokeConfig (CloudFormation's resource
 * reference: FunctionName, Qualifier, MaximumRetryAttempts, MaximumEventAgeInSeconds,
 * DestinationConfig) and of SAM's EventInvokeConfiguration (samtranslator v1.110.0,
 * schema_source/aws_serverless_function.py: MaximumEventAgeInSeconds,
 * MaximumRetryAttempts, DestinationConfig). CloudFormation refuses a property it does not
 * define ("Encountered unsupported property"); what Lambda does without the one meant is said.
 */
const EVENT_INVOKE: ReadonlyMap<string, string> = new Map([
  ["MaximumRetryAttempts", "Lambda uses its default, 2 retries"],
  ["MaximumEventAgeInSeconds", "Lambda keeps events for its default, 6 h"],
  ["DestinationConfig", "failed events go to no destination"],
]);
const eventInvoke = (where: string, extra: readonly string[]): KeyTable => ({
  system: "lambda-async",
  where,
  known: [...EVENT_INVOKE.keys(), ...extra],
  instead: (meant) => (meant === null ? "CloudFormation refuses it (an unsupported property)" : (EVENT_INVOKE.get(meant) ?? "CloudFormation refuses it (an unsupported property)")),
});
const RESOURCE = eventInvoke("an AWS::Lambda::EventInvokeConfig", ["FunctionName", "Qualifier"]);
const SAM_PROPERTY = eventInvoke("a SAM function's EventInvokeConfig", []);

function recognise(root: Node, file: DocumentFile, findings: Findings): void {
  const resources = get(root, "Resources");
  if (!isMap(resources)) return;
  const globalFunction = get(get(root, "Globals"), "Function");
  const globals = get(globalFunction, "Timeout");
  const globalConfig = isMap(globalFunction) ? globalFunction.entries.get("EventInvokeConfig") : undefined;
  if (globalConfig !== undefined && isMap(globalConfig.value) && !intrinsic(globalConfig.value)) retryObjectKeys(globalConfig.value, SAM_PROPERTY, findings);
  for (const [logicalId, { value: resource }] of resources.entries) {
    const type = text(get(resource, "Type"));
    const properties = get(resource, "Properties");
    if (type === "AWS::Lambda::EventInvokeConfig" && isMap(properties)) {
      retryObjectKeys(properties, RESOURCE, findings);
      const target = functionOf(get(properties, "FunctionName"), resources, file.text);
      findings.policy("lambda-async", logicalId, resources.entries.get(logicalId)!.keyPos, () => read(properties, logicalId, file.text, target, globals));
    } else if (type === "AWS::Serverless::Function" && isMap(resource)) {
      const own = isMap(properties) ? properties.entries.get("EventInvokeConfig") : undefined;
      const global = globalConfig !== undefined && !ignoresGlobal(get(resource, "IgnoreGlobals")) ? globalConfig : undefined;
      if (own === undefined && global === undefined) continue;
      // Each block's keys where they are written: the Globals' once, not once per function.
      if (own !== undefined && isMap(own.value) && !intrinsic(own.value)) retryObjectKeys(own.value, SAM_PROPERTY, findings);
      // Named after where it is written: the function's own block (merged over the Globals' one), else the Globals' block alone.
      const name = own !== undefined ? `${logicalId} (EventInvokeConfig)` : `${logicalId} (Globals.Function.EventInvokeConfig)`;
      findings.policy("lambda-async", name, (own ?? global)!.keyPos, () => {
        for (const entry of [global, own]) {
          if (entry !== undefined && !isMap(entry.value)) {
            const where = entry === own ? `EventInvokeConfig of ${logicalId}` : "Globals.Function.EventInvokeConfig";
            throw new FileProblem(entry.value.pos, `${where} must be a map, got ${describeNode(entry.value)}`);
          }
        }
        const config = merged(global?.value as MapNode | undefined, own?.value as MapNode | undefined);
        return read(config, logicalId, file.text, { id: logicalId, resource }, globals);
      });
    }
  }
}

/**
 * Whether a SAM function's `IgnoreGlobals` attribute keeps Globals.Function.EventInvokeConfig
 * off it: `"*"` (every global) or a list naming EventInvokeConfig (samtranslator v1.110.0,
 * plugins/globals/globals.py, Globals.get_template_globals).
 */
function ignoresGlobal(node: Node | undefined): boolean {
  if (node === undefined) return false;
  if (node.kind === "string") return node.value === "*";
  return node.kind === "array" && node.items.some((item) => text(item) === "EventInvokeConfig");
}

/**
 * A function's EventInvokeConfig over the Globals' one, as SAM merges them
 * (samtranslator v1.110.0, plugins/globals/globals.py, GlobalProperties._merge_dict and
 * _do_merge): every key of both, the function's value where both set one (two maps are
 * merged the same way, key by key; a value of another kind, or an intrinsic function,
 * is the function's). Entries keep their places in the file, so each value is reported
 * where it is written.
 */
function merged(global: MapNode | undefined, own: MapNode | undefined): MapNode {
  if (global === undefined) return own!;
  if (own === undefined || intrinsic(own) || intrinsic(global)) return own ?? global;
  const entries = new Map(global.entries);
  for (const [key, entry] of own.entries) {
    const before = entries.get(key)?.value;
    const both = isMap(before) && isMap(entry.value) && !intrinsic(before) && !intrinsic(entry.value);
    entries.set(key, both ? { keyPos: entry.keyPos, value: merged(before, entry.value as MapNode) } : entry);
  }
  return { kind: "object", pos: own.pos, entries };
}

/** An intrinsic function written as a map (`{"Ref": …}`, `{"Fn::If": …}`): SAM merges it as a single value. */
function intrinsic(node: MapNode): boolean {
  return node.entries.size === 1 && INTRINSIC_KEY.test([...node.entries.keys()][0]!);
}

/** The tag written in front of a YAML value (`!Ref`), found in the text: the reader keeps only the value. */
function tagBefore(source: string, pos: number): string | null {
  let i = pos - 1;
  while (i >= 0 && (source[i] === " " || source[i] === "\t")) i--;
  let start = i;
  while (start >= 0 && !/\s/.test(source[start]!)) start--;
  const word = source.slice(start + 1, i + 1);
  return word.startsWith("!") ? word : null;
}

/** Refuses a value an intrinsic function gives: known only when the stack is deployed. */
function notIntrinsic(node: Node, label: string, source: string): void {
  const tag = tagBefore(source, node.pos);
  const fn = tag ?? (isMap(node) && node.entries.size === 1 && INTRINSIC_KEY.test([...node.entries.keys()][0]!) ? [...node.entries.keys()][0]! : null);
  if (fn !== null) throw new Placeholder(node.pos, `${label} is set when the stack is deployed (${fn}), not a number the file gives`);
}

/** The function resource a FunctionName names by Ref; null for a name, an ARN or anything else. */
function functionOf(node: Node | undefined, resources: MapNode, source: string): { id: string; resource: MapNode } | null {
  if (node === undefined) return null;
  const ref = node.kind === "string" && tagBefore(source, node.pos) === "!Ref" ? node.value : text(get(node, "Ref"));
  const resource = ref === undefined ? undefined : get(resources, ref);
  return ref !== undefined && isMap(resource) && FUNCTION_TYPES.has(text(get(resource, "Type")) ?? "") ? { id: ref, resource } : null;
}

function wholeIn(node: Node, label: string, source: string, min: number, max: number): number {
  notIntrinsic(node, label, source);
  const digits = node.kind === "number" ? node.source : node.kind === "string" ? node.value.trim() : null;
  if (digits === null || !/^\d+$/.test(digits)) throw new FileProblem(node.pos, `${label} must be a whole number, got ${describeNode(node)}`);
  const value = Number(digits);
  if (value < min || value > max) throw new FileProblem(node.pos, `${label} must be from ${min} to ${max.toLocaleString("en-US")}, got ${digits}`);
  return value;
}

function read(config: MapNode, name: string, source: string, target: { id: string; resource: MapNode } | null, globals: Node | undefined): Omit<FoundPolicy, "system" | "name" | "offset"> {
  const label = (key: string) => `${key} of ${shown(name)}`;
  const options: OptionValues = {};
  const timeouts: FoundTimeout[] = [];
  const retries = get(config, "MaximumRetryAttempts");
  let disabled = false;
  if (retries !== undefined) {
    const count = wholeIn(retries, label("MaximumRetryAttempts"), source, 0, 2);
    options.attempts = String(count);
    disabled = count === 0;
  }
  // The event's age ends its retries: a retry due once the event is older than this is never made. Counted from the
  // first run's start (the time in the queue before it is unknown), it is the deadline of the tries and waits.
  const age = (config.entries as Map<string, { keyPos: number; value: Node }>).get("MaximumEventAgeInSeconds");
  if (age !== undefined) {
    options.deadline = `${wholeIn(age.value, label("MaximumEventAgeInSeconds"), source, 60, 21_600)}s`;
    timeouts.push({ role: "deadline", field: "MaximumEventAgeInSeconds", offset: age.keyPos });
  } else {
    options.deadline = `${DEFAULT_AGE_S}s`;
    timeouts.push({ role: "deadline", field: "Lambda's default MaximumEventAgeInSeconds (6 h)", offset: null });
  }
  if (target !== null) {
    // The function's Timeout, else SAM's Globals.Function.Timeout (SAM functions only), else 3 s.
    const own = isMap(get(target.resource, "Properties")) ? (get(target.resource, "Properties") as MapNode).entries.get("Timeout") : undefined;
    const sam = text(get(target.resource, "Type")) === "AWS::Serverless::Function";
    const timeout = own?.value ?? (sam ? globals : undefined);
    const field = own !== undefined ? `the function's Timeout (${target.id})` : timeout !== undefined ? "Globals.Function.Timeout" : `the function's default Timeout (3 s, ${target.id})`;
    let seconds: number | null = DEFAULT_TIMEOUT_S;
    try {
      seconds = timeout === undefined ? DEFAULT_TIMEOUT_S : wholeIn(timeout, `Timeout of ${target.id}`, source, 1, MAX_TIMEOUT_S);
    } catch (error) {
      if (!(error instanceof Placeholder)) throw error;
      seconds = null; // set when deployed: no try time read
    }
    if (seconds !== null) {
      options.attemptTime = `${seconds}s`;
      timeouts.push({ role: "attempt-time", field, offset: own?.keyPos ?? null });
    }
  }
  return { options, ...(disabled ? { disabled } : {}), ...(timeouts.length === 0 ? {} : { timeouts }), conditions: LAMBDA_ON };
}

/**
 * What Lambda retries of an asynchronous invocation (the AWS Lambda Developer Guide, "How
 * Lambda handles errors and retries with asynchronous invocation",
 * lambda/latest/dg/invocation-async-error-handling.html): "If the function returns an error,
 * by default Lambda attempts to run it two more times" (MaximumRetryAttempts), and "Function
 * errors include errors returned by the function's code and errors returned by the function's
 * runtime, such as timeouts": every error. "For throttling errors (429) and system errors
 * (500-series), Lambda returns the event to the queue and attempts to run the function again
 * for up to 6 hours", 1 s growing to 5 min, reading the queue more slowly as it grows: those
 * are Lambda's own concurrency limit and faults, retried apart from this policy's count and
 * schedule, so they are named in words and not taken for an overload signal the policy
 * retries (no key of the file changes them). No key chooses the errors, and there is no budget.
 */
const LAMBDA_ON: RetryOn = {
  ...LAMBDA_ASYNC_DEFAULT_RETRY_ON,
  levers: {
    conditions: "nothing in the EventInvokeConfig chooses the errors (Lambda retries every function error): MaximumRetryAttempts 0, and retry the transient errors in the function's code",
    budget: null,
    fixed: true,
  },
};
