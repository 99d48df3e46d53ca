import { shown } from "../errors.js";
import type { OptionValues } from "../option-values.js";
import { type JsonEntry, parseJsonSource } from "../read/json.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, forEachMap, get, isMap, isSeq, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { decimalText, describeNode, wholeNumber } from "../tree/values.js";
import { type KeyTable, nearRetryKeys, retryObjectKeys } from "../tree/unknown-keys.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";

/**
 * Amazon States Language: every `Retry` retrier of every state, including the states of
 * `Parallel` branches and of `Map` item processors (`ItemProcessor`, or the older
 * `Iterator`). A state machine is any map with `StartAt` and `States`, wherever it sits
 * (a definition file, a Serverless Framework file, a CloudFormation `Definition`); in a
 * CloudFormation or SAM template its name starts with the resource's logical ID, and a
 * `DefinitionString` holding JSON (as a string, or under Fn::Sub / !Sub) is read too.
 *
 * Retrier fields and their limits (Amazon States Language, "Error handling"):
 * IntervalSeconds a positive integer (default 1), MaxAttempts a non-negative integer
 * (default 3; 0 = never retried), BackoffRate at least 1.0 (default 2.0), MaxDelaySeconds
 * a positive integer below 31,622,401, JitterStrategy FULL or NONE (default NONE).
 *
 * Timeouts: a Task state's `TimeoutSeconds` bounds each attempt of the state (a retry is a
 * new attempt, failing with States.Timeout when it runs over): the try time. The state
 * machine's own top-level `TimeoutSeconds` ends the whole execution: the deadline of every
 * retrier in it, nested branches and item processors included, counted as if the state
 * started with the execution (a retry that cannot fire then surely cannot). Both are
 * positive integers; neither has a default (AWS, "Using timeouts to avoid stuck
 * executions": without them an execution waits), so a machine without them has no
 * deadline, a Task without one no try time. `TimeoutSecondsPath` (or a JSONata
 * expression) is known only at run time and is not read.
 */
export const stepFunctions: ConfigShape = {
  system: "step-functions",
  label: "AWS Step Functions",
  preset: "step-functions",
  recognised: "Step Functions state machines (also in CloudFormation/SAM)",
  levers: { cap: "MaxDelaySeconds in the retrier (whole seconds, at least IntervalSeconds)", limits: ["MaxAttempts in the retrier"], jitter: "JitterStrategy: FULL in the retrier" },
  docs: {
    system: "AWS Step Functions",
    where: "any state machine (`StartAt` + `States`), also inside CloudFormation/SAM `Definition` and `DefinitionString` (JSON, plain or under `Fn::Sub`)",
    policy: "every `Retry` retrier of every state, `Parallel` branches and `Map` `ItemProcessor`/`Iterator` included: `IntervalSeconds` (default 1), `BackoffRate` (2.0), `MaxAttempts` (3, counting retries; 0 switches them off), `MaxDelaySeconds` (no cap), `JitterStrategy` (`NONE`; `FULL`); a JSONata `{% … %}` value is set at run time, not checked; a `${…}` written bare where a value goes (for SAM's `DefinitionSubstitutions` or `Fn::Sub`) is set at deploy time, the rest of the retrier read; preset `step-functions`. Timeouts: the state machine's top-level `TimeoutSeconds` (deadline), the Task's `TimeoutSeconds` (try time)",
    conditions:
      "`ErrorEquals` of the retrier (`States.ALL`: every error but `States.DataLimitExceeded` and `States.Runtime`, alone and in the last retrier or invalid; the errors of the retriers before it excluded; `States.Timeout`: timeouts). No budget: Step Functions has none",
  },
  // A state machine's StartAt, or a CloudFormation/SAM state machine's Type.
  words: { tree: /StartAt|StateMachine/ },
  documents: { read: recogniseStepFunctions, onlyWithWords: true },
};

const STATE_MACHINE_TYPES = new Set(["AWS::StepFunctions::StateMachine", "AWS::Serverless::StateMachine"]);
const MAX_INTERVAL = 99_999_999;
const MAX_DELAY_SECONDS = 31_622_400;

/**
 * A retrier's fields: the Amazon States Language's (aws/amazon-states-language-service,
 * src/json-schema/partial/common.json, `retry`: ErrorEquals, IntervalSeconds,
 * MaxAttempts, BackoffRate, Comment) and the two AWS added in 2023 (MaxDelaySeconds,
 * JitterStrategy; AWS Step Functions Developer Guide, "Error handling"). Any other key is
 * not a retrier's: what the retrier does without the field meant is said.
 */
const RETRIER_DEFAULTS: ReadonlyMap<string, string> = new Map([
  ["ErrorEquals", "a retrier without ErrorEquals is refused by Step Functions"],
  ["IntervalSeconds", "the first wait is Step Functions' default, 1 s"],
  ["MaxAttempts", "Step Functions uses its default, 3 retries"],
  ["BackoffRate", "the rate is Step Functions' default, 2.0"],
  ["MaxDelaySeconds", "the waits have no cap"],
  ["JitterStrategy", "the waits have no jitter (NONE, the default)"],
]);
const RETRIER: KeyTable = {
  system: "step-functions",
  where: "a Step Functions retrier",
  known: [...RETRIER_DEFAULTS.keys(), "Comment"],
  instead: (meant) => (meant === null ? "Step Functions does not define it" : (RETRIER_DEFAULTS.get(meant) ?? "Step Functions does not define it")),
};
/**
 * A state's fields, every state type's and both query languages' (the States Language's
 * state schemas, src/json-schema/partial/*_state.json, with JSONata's Arguments, Output,
 * Assign and QueryLanguage, and the Distributed Map's fields): a key beside them that is
 * Retry or TimeoutSeconds misspelt leaves the state without it.
 */
const STATE: KeyTable = {
  system: "step-functions",
  where: "a Step Functions state",
  known: [
    "Type", "Comment", "Next", "End", "QueryLanguage", "InputPath", "OutputPath", "ResultPath", "Parameters", "ResultSelector", "Arguments", "Output", "Assign",
    "Resource", "Credentials", "TimeoutSeconds", "TimeoutSecondsPath", "HeartbeatSeconds", "HeartbeatSecondsPath", "Retry", "Catch",
    "Branches", "ItemProcessor", "Iterator", "ItemReader", "ItemSelector", "ItemsPath", "Items", "ItemBatcher", "ResultWriter", "MaxConcurrency", "MaxConcurrencyPath",
    "ToleratedFailurePercentage", "ToleratedFailurePercentagePath", "ToleratedFailureCount", "ToleratedFailureCountPath", "Label",
    "Choices", "Default", "Seconds", "SecondsPath", "Timestamp", "TimestampPath", "Result", "Error", "ErrorPath", "Cause", "CausePath",
  ],
  instead: (meant) => (meant === "Retry" ? "the state is not retried" : meant === "TimeoutSeconds" ? "the state's tries have no timeout" : "Step Functions does not define it"),
};

function recogniseStepFunctions(root: Node, file: DocumentFile, findings: Findings): void {
  const source = file.text;
  const done = new Set<Node>();
  const resources = get(root, "Resources");
  if (isMap(resources)) {
    for (const [logicalId, { value: resource }] of resources.entries) {
      if (!STATE_MACHINE_TYPES.has(text(get(resource, "Type")) ?? "")) continue;
      const properties = get(resource, "Properties");
      const definition = get(properties, "Definition");
      if (isMap(definition) && isStateMachine(definition)) {
        stateMachine(definition, `${logicalId}/`, findings, done);
        continue;
      }
      const definitionString = isMap(properties) ? properties.entries.get("DefinitionString") : undefined;
      if (definitionString !== undefined) embedded(definitionString.value, definitionString.keyPos, logicalId, source, findings, done);
    }
  }
  forEachMap(root, (map) => {
    if (done.has(map)) return false;
    if (!isStateMachine(map)) return true;
    stateMachine(map, "", findings, done);
    return false;
  });
}

function isStateMachine(map: MapNode): boolean {
  return text(get(map, "StartAt")) !== undefined && isMap(get(map, "States"));
}

/** The timeouts around a state's retriers: the machine's TimeoutSeconds (the deadline) and the Task's (the try time). */
interface Timeouts {
  readonly machine: JsonEntry | undefined;
  readonly task: JsonEntry | undefined;
}

/** Every state of a machine (and of its nested machines), once each; a nested machine runs under the top one's TimeoutSeconds. */
function stateMachine(machine: MapNode, prefix: string, findings: Findings, done: Set<Node>, machineTimeout?: JsonEntry): void {
  if (done.has(machine)) return;
  done.add(machine);
  const timeout = machineTimeout ?? machine.entries.get("TimeoutSeconds");
  const states = get(machine, "States");
  if (!isMap(states)) return;
  for (const [stateName, { value: state }] of states.entries) {
    if (!isMap(state)) continue;
    nearRetryKeys(state, STATE, ["Retry", "TimeoutSeconds"], findings);
    const retry = state.entries.get("Retry");
    const task = text(get(state, "Type")) === "Task" ? state.entries.get("TimeoutSeconds") : undefined;
    if (retry !== undefined) retriers(retry.value, `${prefix}${stateName}`, findings, { machine: timeout, task });
    const branches = get(state, "Branches");
    if (isSeq(branches)) for (const branch of branches.items) if (isMap(branch)) stateMachine(branch, prefix, findings, done, timeout);
    for (const key of ["ItemProcessor", "Iterator"]) {
      const inner = get(state, key);
      if (isMap(inner)) stateMachine(inner, prefix, findings, done, timeout);
    }
  }
}

/** A TimeoutSeconds: a positive integer, as AWS requires. */
function seconds(entry: JsonEntry, label: string): string {
  const value = wholeNumber(entry.value, label, { max: MAX_INTERVAL });
  if (value < 1) throw new FileProblem(entry.value.pos, `${label} must be at least 1`);
  return `${value}s`;
}

/** The options and places of the timeouts around a retrier. */
function timeoutOptions(timeouts: Timeouts, stateName: string): { options: OptionValues; found: FoundTimeout[] } {
  const options: OptionValues = {};
  const found: FoundTimeout[] = [];
  // A JSONata string ("{% … %}") is known only at run time.
  const given = (entry: JsonEntry | undefined): entry is JsonEntry => entry !== undefined && entry.value.kind !== "string";
  if (given(timeouts.machine)) {
    options.deadline = seconds(timeouts.machine, "the state machine's TimeoutSeconds");
    found.push({ role: "deadline", field: "the state machine's TimeoutSeconds", offset: timeouts.machine.keyPos });
  }
  if (given(timeouts.task)) {
    options.attemptTime = seconds(timeouts.task, `TimeoutSeconds of state ${shown(stateName)}`);
    found.push({ role: "attempt-time", field: "the Task's TimeoutSeconds", offset: timeouts.task.keyPos });
  }
  return { options, found };
}

/** The wildcard error name: every error but the terminal ones it cannot catch. */
const ALL = "States.ALL";
const ASL_LEVERS = {
  conditions: "ErrorEquals in the retrier: name the transient errors (States.Timeout, Lambda.ServiceException, …) in a retrier before States.ALL",
  budget: null,
  narrow: "Step Functions has no retry budget: retry it at this one layer only (not in the task's own SDK too), with JitterStrategy FULL, or leave it out of ErrorEquals",
};

/**
 * What a retrier retries on, its ErrorEquals (Amazon States Language specification,
 * states-language.net, "Retrying after error": "The reserved name States.ALL appearing in a
 * Retrier's ErrorEquals field is a wildcard and matches any Error Name. Such a value MUST
 * appear alone in the ErrorEquals array and MUST appear in the last Retrier in the Retry
 * array"; Step Functions refuses the definition otherwise). States.ALL cannot catch
 * States.DataLimitExceeded nor States.Runtime (AWS Step Functions Developer Guide, "Error
 * names"); States.Timeout is a try that ran out of time. A retrier after others retries only
 * what they did not match (retriers are tried in order): the errors they name are excluded.
 */
function errorEquals(names: readonly string[], earlier: readonly string[], errors: Node | undefined, index: number, last: boolean, where: string): RetryOn {
  if (names.includes(ALL)) {
    if (names.length > 1) throw new FileProblem(errors!.pos, `${where}: States.ALL must appear alone in ErrorEquals (Step Functions refuses the definition)`);
    if (!last) throw new FileProblem(errors!.pos, `${where}: States.ALL must be in the last retrier, but ${index === 0 ? "retriers follow" : "a retrier follows"} it (Step Functions refuses the definition)`);
  }
  const conditions = names.map((name): Condition =>
    name === ALL ? { kind: "every-error", but: "States.DataLimitExceeded and States.Runtime" } : name === "States.Timeout" ? { kind: "timeout" } : { kind: "error", name },
  );
  const except = names.includes(ALL) && earlier.length > 0 ? { except: [...new Set(earlier)] } : {};
  return { words: names, from: "ErrorEquals", isDefault: false, conditions, levers: ASL_LEVERS, ...except };
}

function retriers(node: Node, stateName: string, findings: Findings, timeouts: Timeouts): void {
  if (!isSeq(node)) throw new FileProblem(node.pos, `Retry of state ${shown(stateName)} must be a list of retriers, got ${describeNode(node)}`);
  const several = node.items.length > 1;
  const earlier: string[] = [];
  node.items.forEach((retrier, index) => {
    const where = `state ${shown(stateName)}, Retry[${index}]`;
    if (!isMap(retrier)) throw new FileProblem(retrier.pos, `${where} must be a map with ErrorEquals, got ${describeNode(retrier)}`);
    retryObjectKeys(retrier, RETRIER, findings);
    const errors = get(retrier, "ErrorEquals");
    const errorNames = isSeq(errors) ? errors.items.map((e) => (e.kind === "string" ? e.value : describeNode(e))) : [];
    const name = several ? `${stateName} [${errorNames.join(", ")}]` : stateName;
    const before = [...earlier];
    earlier.push(...errorNames);
    findings.policy("step-functions", name, retrier.pos, () => {
      const { options, found } = timeoutOptions(timeouts, stateName);
      const label = (key: string) => `${key} (${where})`;
      const interval = get(retrier, "IntervalSeconds");
      if (interval !== undefined) {
        const seconds = wholeNumber(interval, label("IntervalSeconds"), { max: MAX_INTERVAL });
        if (seconds < 1) throw new FileProblem(interval.pos, `${label("IntervalSeconds")} must be at least 1`);
        options.base = `${seconds}s`;
      }
      const attempts = get(retrier, "MaxAttempts");
      let disabled = false;
      if (attempts !== undefined) {
        const count = wholeNumber(attempts, label("MaxAttempts"), { max: MAX_INTERVAL });
        options.attempts = String(count);
        disabled = count === 0;
      }
      const rate = get(retrier, "BackoffRate");
      if (rate !== undefined) {
        const digits = decimalText(rate, label("BackoffRate"));
        if (Number(digits) < 1) throw new FileProblem(rate.pos, `${label("BackoffRate")} must be at least 1.0, got ${digits}`);
        options.factor = digits;
      }
      const maxDelay = get(retrier, "MaxDelaySeconds");
      if (maxDelay !== undefined) {
        const seconds = wholeNumber(maxDelay, label("MaxDelaySeconds"), { max: MAX_DELAY_SECONDS });
        if (seconds < 1) throw new FileProblem(maxDelay.pos, `${label("MaxDelaySeconds")} must be at least 1`);
        options.cap = `${seconds}s`;
      }
      const jitter = get(retrier, "JitterStrategy");
      if (jitter !== undefined) {
        const strategy = text(jitter);
        if (strategy !== "FULL" && strategy !== "NONE") throw new FileProblem(jitter.pos, `${label("JitterStrategy")} must be "FULL" or "NONE", got ${describeNode(jitter)}`);
        options.jitter = strategy.toLowerCase();
      }
      const conditions = errorEquals(errorNames, before, errors, index, index === node.items.length - 1, where);
      return { options, disabled, ...(found.length === 0 ? {} : { timeouts: found }), conditions };
    });
  });
}

/**
 * A DefinitionString: JSON in a string, possibly under Fn::Sub (whose ${…} stay inside
 * JSON strings in practice). Positions inside it are mapped back to the file when the
 * string's characters can be matched to the source (a JSON string, a YAML literal block);
 * otherwise everything found is placed at the DefinitionString itself.
 */
function embedded(node: Node, keyPos: number, logicalId: string, source: string, findings: Findings, done: Set<Node>): void {
  let body: Node | undefined = node;
  if (isMap(node)) body = get(node, "Fn::Sub") ?? node;
  if (isSeq(body)) body = body.items[0];
  if (body === undefined || body.kind !== "string") {
    findings.unresolved.push({
      system: "step-functions",
      name: logicalId,
      offset: keyPos,
      reason: `DefinitionString of ${logicalId} is built by ${isMap(node) ? [...node.entries.keys()].join(", ") : describeNode(node)}; only a JSON string (or Fn::Sub of one) can be read`,
    });
    return;
  }
  const map = innerOffsets(body.value, body.pos, source);
  let definition: Node;
  try {
    definition = parseJsonSource(body.value, "DefinitionString");
  } catch (error) {
    // Fn::Sub variables written bare where a value goes: values set when the stack is deployed, the rest read as it is.
    let substituted: Node | null = null;
    if (body.value.includes("${")) {
      try {
        substituted = parseJsonSource(body.value, "DefinitionString", { substitutions: true });
      } catch {
        substituted = null;
      }
    }
    if (substituted !== null) return embeddedMachine(substituted, map, body.pos, logicalId, findings, done);
    const at = /^DefinitionString:(\d+):(\d+): (.*)$/s.exec((error as Error).message);
    throw new FileProblem(body.pos, `DefinitionString of ${logicalId} is not valid JSON${at ? ` (line ${at[1]}, column ${at[2]} of the string): ${at[3]}` : ""}`);
  }
  embeddedMachine(definition, map, body.pos, logicalId, findings, done);
}

/** A DefinitionString's parsed machine, its offsets moved into the file's text. */
function embeddedMachine(definition: Node, map: number[] | null, pos: number, logicalId: string, findings: Findings, done: Set<Node>): void {
  const shifted = shift(definition, map === null ? () => pos : (offset) => map[offset] ?? pos);
  if (!isMap(shifted) || !isStateMachine(shifted)) {
    throw new FileProblem(pos, `DefinitionString of ${logicalId} is not a state machine (no StartAt and States)`);
  }
  stateMachine(shifted, `${logicalId}/`, findings, done);
}

/** The tree with every offset moved from the string's characters to the file's. */
function shift(node: Node, to: (offset: number) => number): Node {
  switch (node.kind) {
    case "object":
      return { kind: "object", pos: to(node.pos), entries: new Map([...node.entries].map(([key, entry]) => [key, { keyPos: to(entry.keyPos), value: shift(entry.value, to) }])) };
    case "array":
      return { kind: "array", pos: to(node.pos), items: node.items.map((item) => shift(item, to)) };
    default:
      return { ...node, pos: to(node.pos) };
  }
}

/**
 * For each character of a string value, its offset in the file, when the source spells
 * the value out character for character: a JSON or YAML double-quoted string (escapes
 * decoded as they go) or a YAML literal block (`|`, indentation removed). Null otherwise.
 */
function innerOffsets(value: string, pos: number, source: string): number[] | null {
  const offsets: number[] = [];
  if (source[pos] === '"') {
    let i = pos + 1;
    let decoded = "";
    while (i < source.length && source[i] !== '"') {
      if (source[i] === "\\") {
        const e = source[i + 1];
        const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
        if (e !== undefined && Object.hasOwn(simple, e)) {
          decoded += simple[e];
          offsets.push(i);
          i += 2;
        } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) {
          decoded += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
          offsets.push(i);
          i += 6;
        } else {
          return null;
        }
      } else {
        if (source[i] === "\n" || source[i] === "\r") return null; // a folded YAML line: no longer one for one
        decoded += source[i];
        offsets.push(i);
        i++;
      }
    }
    return decoded === value ? offsets : null;
  }
  // A literal block: find the header line (`|`, `|-`, `|+`, after any tag) and the lines after it.
  const lineEnd = source.indexOf("\n", pos);
  if (lineEnd === -1 || !/\|[-+0-9]*\s*(#.*)?$/.test(source.slice(pos, lineEnd).replace(/\r$/, ""))) return null;
  let i = lineEnd + 1;
  let indent: number | null = null;
  let decoded = "";
  while (decoded.length < value.length && i <= source.length) {
    const end = source.indexOf("\n", i) === -1 ? source.length : source.indexOf("\n", i);
    const line = source.slice(i, end).replace(/\r$/, "");
    const spaces = /^ */.exec(line)![0].length;
    if (indent === null && line.trim() !== "") indent = spaces;
    const skip = Math.min(indent ?? spaces, spaces);
    for (let k = skip; k < line.length; k++) {
      decoded += line[k];
      offsets.push(i + k);
    }
    decoded += "\n";
    offsets.push(end);
    i = end + 1;
  }
  return value.startsWith(decoded.slice(0, value.length)) && decoded.length >= value.length ? offsets.slice(0, value.length) : null;
}
