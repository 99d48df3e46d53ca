import { findPreset } from "../../presets/registry.js";
import type { PolicyPlace } from "../../core/check-report/location.js";
import type { AssumedValue, DisabledReport, FilePolicyReport, InvalidReport, LenientReport, SkippedReport } from "../../core/check-report/policy.js";
import { presetTerms } from "../shared/preset-flags.js";
import { checkValues } from "./check-values.js";
import { UsageError } from "../shared/errors.js";
import { type OptionValues, mergeOptions } from "../../config/option-values.js";
import { type CheckChoice, atOnceRule, checkAtOnce, checkChoice, checkCountOnly, inFileTerms as termsInFile } from "../../config/check-choice.js";
import { type Candidate, MAX_FILE_BYTES } from "./discover.js";
import { PathRefused, readPath } from "../shared/read-path.js";
import { type FileKind, type LocatedLimit, type LocatedPolicy, recogniseFile } from "../../config/recognise.js";
import type { LimitScope } from "../../config/tree/retry-limits.js";
import { RECOGNISED, shapeOf } from "../../config/shapes/index.js";
import { type CompiledOverrides, fileGrpcClient, fileOptions, overridesFor } from "./overrides.js";
import { readSuppressions } from "../../config/suppressions.js";
import { isBelowLeastBase } from "../../config/values.js";
import type { SuppressionComment } from "../../core/check-report/suppressions.js";

/**
 * One file of `check PATH…`, from its path to what the report needs: read, recognised and
 * every policy in it checked. Everything it returns is plain data (it crosses from a
 * worker thread to the main one, see pool.ts); the caller adds it to the report in the
 * order the files were found, so that stderr lines and the first error come out exactly
 * as if the files were read one after another.
 */
export interface FileOutcome {
  /** Counted in filesScanned (false when the file could not be read or was too large). */
  readonly scanned: boolean;
  /** Lines for stderr and the report, in order. */
  readonly skips: readonly SkippedReport[];
  readonly policies: readonly FilePolicyReport[];
  readonly disabled: readonly DisabledReport[];
  /** Policies whose values are wrong: findings (rule invalid-policy), in order. */
  readonly invalid: readonly InvalidReport[];
  /** The file, read past a rule of YAML 1.2 that the systems' own readers do not hold (at most one). */
  readonly lenient: readonly LenientReport[];
  /** Policies of a system whose preset this build lacks, in order. */
  readonly missing: readonly MissingPreset[];
  /** Bad input (exit 2) met after the above: the message of the UsageError to throw. */
  readonly usageError: string | null;
  /** The retry limits the file sets (circuit breakers, retry budgets), matched with the scan's policies once every file is read. */
  readonly limits: readonly LocatedLimit[];
  /** The policies (indices into `policies`) that send to a host or cluster a limit may govern. */
  readonly targets: readonly PolicyTarget[];
  /** The inline suppressions the file holds (config/suppressions.ts); each policy and invalid one carries those on its lines. */
  readonly suppressions: readonly SuppressionComment[];
}

/** An outcome with nothing in it but what `changes` says: a file read and found empty by default. */
export const emptyOutcome = (changes: Partial<FileOutcome> = {}): FileOutcome => ({
  scanned: true,
  skips: [],
  policies: [],
  disabled: [],
  invalid: [],
  lenient: [],
  missing: [],
  usageError: null,
  limits: [],
  targets: [],
  suppressions: [],
  ...changes,
});

/** A policy with the destinations its retries go to, and where it is. */
export interface PolicyTarget extends PolicyPlace {
  readonly index: number;
  readonly routes: readonly LimitScope[];
}

/**
 * How files are scanned: the values given as flags (the limits every policy is checked
 * against), and a repository config's settings under them (its top's, then its overrides'
 * for the files they match: overrides.ts).
 */
export interface ScanSettings {
  readonly explicit: OptionValues;
  /** --grpc-client: the one gRPC client a service config's waits are drawn by (presets/grpc-retry.ts); absent, the bounds of every client. */
  readonly grpcClient?: string;
  /** The repository config's settings; `grpcClient` its top's, which its overrides' replace for the files they match. */
  readonly config?: { readonly options: OptionValues; readonly overrides: CompiledOverrides; readonly grpcClient?: string };
}

/**
 * The values a file's policies are checked under, in two layers around the file's own: a
 * repository config's (its top's, then its matching overrides'), which the file's own
 * values override (a backoff config's own assert is the more particular), and the flags,
 * which override both. One object per set of overrides that match, so that the check cache
 * below keeps serving files alike.
 */
export interface Layers {
  readonly under: OptionValues;
  readonly flags: OptionValues;
  /** The gRPC client the file's service configs are checked as (fileGrpcClient); absent, the bounds of every client. */
  readonly grpcClient?: string;
}
const NO_CONFIG = {};
/** By the flags' object, then the config's: the same flags and config give the same layers whatever settings object holds them. */
const fileLayers = new WeakMap<OptionValues, WeakMap<object, Map<string, Layers>>>();
function layersFor(settings: ScanSettings, path: string): Layers {
  const { config } = settings;
  const matched = config === undefined || path === STDIN_PATH ? [] : overridesFor(config.overrides, path);
  let byConfig = fileLayers.get(settings.explicit);
  if (byConfig === undefined) fileLayers.set(settings.explicit, (byConfig = new WeakMap()));
  let byKey = byConfig.get(config ?? NO_CONFIG);
  if (byKey === undefined) byConfig.set(config ?? NO_CONFIG, (byKey = new Map()));
  const key = matched.join(",");
  let layers = byKey.get(key);
  if (layers === undefined) {
    const grpcClient = fileGrpcClient(settings.grpcClient, config?.grpcClient, config?.overrides.overrides ?? [], matched);
    layers = { under: config === undefined ? {} : fileOptions(config.options, config.overrides.overrides, matched, {}), flags: settings.explicit, ...(grpcClient === undefined ? {} : { grpcClient }) };
    byKey.set(key, layers);
  }
  return layers;
}

export interface MissingPreset {
  readonly preset: string;
  readonly policy: Pick<LocatedPolicy, "file" | "line" | "column" | "system" | "name">;
}

const STDIN_PATH = "-";

/** A file's outcome; a read that does not come from the file system (standard input) passes its text. */
export function scanFile(candidate: Candidate, settings: ScanSettings, stdinText?: string): FileOutcome {
  const layers = layersFor(settings, candidate.path);
  const skips: SkippedReport[] = [];
  const policies: FilePolicyReport[] = [];
  const disabled: DisabledReport[] = [];
  const invalid: InvalidReport[] = [];
  const missing: MissingPreset[] = [];
  const lenient: LenientReport[] = [];
  let limits: readonly LocatedLimit[] = [];
  const targets: PolicyTarget[] = [];
  let scanned = false;
  let suppressions: readonly SuppressionComment[] = [];
  const outcome = (usageError: string | null): FileOutcome => ({ scanned, skips, policies, disabled, invalid, lenient, missing, usageError, limits, targets, suppressions });
  try {
    const read = stdinText ?? readText(candidate);
    if (read !== null && typeof read === "object") {
      skips.push({ file: candidate.name, line: null, column: null, reason: read.skip });
      return outcome(null);
    }
    scanned = true;
    const text = read;
    if (text === null) return outcome(null); // binary: not a configuration
    const kind: FileKind = candidate.named && candidate.path !== STDIN_PATH && !/\.(json|ya?ml|properties|toml)$/i.test(candidate.path) ? sniff(text) : candidate.path === STDIN_PATH ? sniff(text) : candidate.kind;
    const result = recogniseFile({ name: candidate.name, text, kind, named: candidate.named, helmTemplate: candidate.helmTemplate });
    if (result.skipped !== null) {
      // A syntax error's reason already starts with "file:line:col: "; the stderr line names the file once.
      const located = /^(.*?):(\d+):(\d+): (.*)$/s.exec(result.skipped);
      if (located && located[1] === candidate.name) skips.push({ file: candidate.name, line: Number(located[2]), column: Number(located[3]), reason: located[4]! });
      else skips.push({ file: candidate.name, line: null, column: null, reason: result.skipped });
      return outcome(null);
    }
    if (result.unreadable !== null) {
      // A file with a system's key words that does not parse (issue 36, item 2): a finding at the place the reader stopped, named by the file.
      const u = result.unreadable;
      const labels = u.systems.map((system) => shapeOf(system).label);
      invalid.push({ file: candidate.name, line: u.line, column: u.column, system: u.systems[0] ?? "backoff", systemLabel: labels.join(", "), name: candidate.name.split("/").pop()!, reason: `cannot be read, so none of its retry settings is checked: ${u.reason}`, rule: "unreadable" });
      return outcome(null);
    }
    if (result.lenient !== null) lenient.push({ file: candidate.name, ...result.lenient });
    suppressions = readSuppressions(text, kind, candidate.name);
    const on = suppressionsOn(suppressions);
    limits = result.limits;
    for (const u of result.unresolved) skips.push({ file: u.file, line: u.line, column: u.column, reason: `${u.name} (${shapeOf(u.system).label}) not checked: ${u.reason}` });
    for (const u of result.invalid) invalid.push({ file: u.file, line: u.line, column: u.column, system: u.system, systemLabel: shapeOf(u.system).label, name: u.name, reason: u.reason, ...on([u.line]) });
    // A key its system does not define (issue 36, rule unknown-key): reported as a finding beside the invalid policies, named by the key.
    for (const u of result.unknownKeys) invalid.push({ file: u.file, line: u.line, column: u.column, system: u.system, systemLabel: shapeOf(u.system).label, name: u.key, reason: u.message, rule: "unknown-key", ...on([u.line]) });
    if (candidate.named && result.policies.length === 0 && result.unresolved.length === 0 && result.invalid.length === 0 && result.limits.length === 0 && result.unknownKeys.length === 0) {
      return outcome(`no retry policy found in ${candidate.name}; recognised: ${RECOGNISED}`);
    }
    for (const policy of result.policies) {
      if (policy.disabled === true) {
        disabled.push({ file: policy.file, line: policy.line, column: policy.column, system: policy.system, systemLabel: shapeOf(policy.system).label, name: policy.name });
        continue;
      }
      if (policy.preset !== null && findPreset(policy.preset) === undefined) {
        // Noted, and the scan goes on: the error names the first such policy once every file is read.
        missing.push({ preset: policy.preset, policy: { file: policy.file, line: policy.line, column: policy.column, system: policy.system, name: policy.name } });
        continue;
      }
      // A first wait its system accepts under half a millisecond (Traefik's initialInterval: 100us): backoff's
      // delays are whole milliseconds, so its waits are not checked, said as a skip rather than an invalid policy.
      if (policy.system !== "backoff" && policy.options.base !== undefined && isBelowLeastBase(policy.options.base)) {
        skips.push({ file: policy.file, line: policy.line, column: policy.column, reason: `${policy.name} (${shapeOf(policy.system).label}) not checked: its first wait, ${policy.options.base}, is under half a millisecond, and backoff computes whole milliseconds` });
        continue;
      }
      // A service config's waits as the client --grpc-client (or the config, per file) names draws them (shapes/grpc.ts reads them as every client's).
      const named = layers.grpcClient !== undefined && policy.options.jitter === "union" ? { ...policy, options: { ...policy.options, jitter: layers.grpcClient } } : policy;
      const checked = { ...checkFound(named, layers), ...on(policyLines(policy)) };
      if ("reason" in checked) invalid.push(checked);
      else {
        if (policy.routes !== undefined) targets.push({ index: policies.length, routes: policy.routes, file: policy.file, line: policy.line, column: policy.column, system: policy.system, name: policy.name });
        policies.push(checked);
      }
    }
    return outcome(null);
  } catch (error) {
    if (error instanceof UsageError) return outcome(error.message);
    throw error;
  }
}

/** The lines a policy's suppressions may be on (or alone just above): its own, its keys', its timeouts'. */
function policyLines(policy: LocatedPolicy): number[] {
  return [policy.line, ...(policy.keyLines ?? []), ...(policy.timeouts ?? []).flatMap((t) => (t.line === null ? [] : [t.line]))];
}

/**
 * The suppressions on some lines or just above one of them, as a field to spread (none: no
 * field, so a file without comments gives what it always gave).
 */
function suppressionsOn(comments: readonly SuppressionComment[]): (lines: readonly number[]) => { suppressions?: readonly SuppressionComment[] } {
  if (comments.length === 0) return () => ({});
  return (lines) => {
    const set = new Set(lines);
    // After a key, the comment is that line's; alone on its line, the next line's.
    const found = comments.filter((c) => set.has(c.alone ? c.line + 1 : c.line));
    return found.length === 0 ? {} : { suppressions: found };
  };
}

/**
 * A file's text; null for binary content (a NUL byte, or bytes that are not UTF-8); a
 * skip for a file too large or unreadable while scanning (a named one is refused). One
 * open handle gives the size and the bytes, so a 1 GB log is never read.
 */
function readText(candidate: Candidate): string | null | { skip: string } {
  let bytes: Buffer;
  try {
    // A found file is one the walk saw as a regular file: no stat before opening (read-path.ts).
    bytes = readPath(candidate.path, { maxBytes: MAX_FILE_BYTES, seenRegular: !candidate.named, buffer: readBuffer });
  } catch (error) {
    if (!(error instanceof PathRefused)) throw error;
    if (error.kind === "too-large") {
      if (candidate.named) throw new UsageError(`${candidate.name} is ${error.size} bytes; backoff reads configuration files of at most 10 MB`);
      return { skip: `larger than 10 MB (${error.size} bytes)` };
    }
    if (candidate.named) throw new UsageError(`cannot read ${candidate.name}: ${error.reason}`);
    return { skip: `cannot read: ${error.reason}` };
  }
  const text = decode(bytes);
  if (text === null && candidate.named) throw new UsageError(`${candidate.name} is not a text file (it holds binary data)`);
  return text;
}

/**
 * One buffer per thread that every file is read into (its text is decoded out of it at
 * once), grown to the largest file read so far. A fresh buffer per file cost more than
 * the read itself: the first touch of new memory is slow on small virtual machines, and
 * 2,000 files meant 10 MB of it.
 */
let shared = Buffer.allocUnsafe(0);
function readBuffer(size: number): Buffer {
  if (shared.length < size) shared = Buffer.allocUnsafe(Math.max(size, 64 * 1024));
  return shared;
}

/** UTF-8 text; null for binary content (a NUL byte in the first 8 KB, or bytes that are not UTF-8). */
export function decode(bytes: Uint8Array): string | null {
  if (bytes.subarray(0, 8192).includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** JSON when it opens with { or [, else YAML (which reads JSON too, without JSON's strictness). */
function sniff(text: string): FileKind {
  return /^\uFEFF?\s*[{[]/.test(text) ? "json" : "yaml";
}

/** The key of a check in the cache: the preset and the options, in their order (JSON.stringify for anything but strings). */
function checkKey(preset: string | null, options: OptionValues): string {
  let key = preset === null ? "~" : `${preset.length}:${preset}`;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    if (value === undefined) continue;
    if (typeof value !== "string") return JSON.stringify([preset, options]);
    key += `|${name.length}:${name}${value.length}:${value}`;
  }
  return key;
}

/** The option values the reports show, by their flag names ("maxElapsed" → "max-elapsed"). */
const FLAG_NAMES: Readonly<Record<string, string>> = { maxElapsed: "max-elapsed", attemptTime: "attempt-time", maxTotal: "max-total", minTotal: "min-total", maxDelay: "max-delay", minFirst: "min-first", maxFirst: "max-first", maxAttempts: "max-attempts" };

/** Option values keyed by their flag names ("maxElapsed" → "max-elapsed"). */
export function flagKeyed(options: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(options)) if (value !== undefined) out[FLAG_NAMES[key] ?? key] = value;
  return out;
}

/**
 * Checks one found policy: the file's values under the flags' limits. Values its system's
 * model refuses (a backoff config's cap below its base) make it invalid, a finding.
 */
function checkFound(policy: LocatedPolicy, layers: Layers): FilePolicyReport | InvalidReport {
  const label = shapeOf(policy.system).label;
  try {
    const checked = checkedOnce(policy, layers);
    return {
      file: policy.file,
      line: policy.line,
      column: policy.column,
      system: policy.system,
      systemLabel: label,
      name: policy.name,
      preset: policy.preset ?? policy.options.preset ?? null,
      options: flagKeyed(policy.options),
      ...checked,
      ...timeoutsOf(policy, layers.flags, checked),
      ...(policy.conditions === undefined ? {} : { retryOn: policy.conditions }),
      ...assumedOf(policy, layers.flags, checked),
    };
  } catch (error) {
    if (error instanceof UsageError) return { file: policy.file, line: policy.line, column: policy.column, system: policy.system, systemLabel: label, name: policy.name, reason: error.message };
    throw error;
  }
}

/**
 * The file's timeouts the check read: those a flag did not replace (--attempt-time,
 * --deadline override the file's, as every flag does), and only where they count.
 */
function timeoutsOf(policy: LocatedPolicy, explicit: OptionValues, checked: Checked): Pick<FilePolicyReport, "timeouts"> {
  const timeouts = (policy.timeouts ?? []).filter((t) =>
    t.role === "deadline" ? explicit.deadline === undefined && checked.deadlineMs !== null : explicit.attemptTime === undefined && checked.attemptTimeMs > 0,
  );
  return timeouts.length === 0 ? {} : { timeouts };
}

/**
 * The values the check assumed as the file does not set them (issue 36, item 4): a system's
 * default timeout that counts (one a flag did not replace), and the system's default count
 * where the file gives none (a Job without backoffLimit: Kubernetes' 6).
 */
function assumedOf(policy: LocatedPolicy, explicit: OptionValues, checked: Checked): Pick<FilePolicyReport, "assumed"> {
  const assumed: AssumedValue[] = [];
  for (const t of timeoutsOf(policy, explicit, checked).timeouts ?? []) {
    if (t.line !== null) continue;
    if (t.role === "deadline" && checked.deadlineMs !== null && checked.deadlineMs !== undefined) assumed.push({ what: "deadline", value: checked.deadlineMs, source: t.field });
    else if (t.role === "attempt-time") assumed.push({ what: "attempt-time", value: checked.attemptTimeMs, source: t.field });
  }
  const preset = policy.preset === null ? undefined : findPreset(policy.preset);
  const counted = policy.forever !== true && policy.atOnce === undefined && policy.waitsFrom === undefined;
  if (counted && preset !== undefined && preset.defaultRetries !== null && policy.options.attempts === undefined && policy.options.maxElapsed === undefined && checked.attempts === preset.defaultRetries) {
    assumed.push({ what: "retries", value: preset.defaultRetries, source: `${shapeOf(policy.system).label}'s default count` });
  }
  return assumed.length === 0 ? {} : { assumed };
}

/** What checking a policy adds to where it was found. */
type Checked = Pick<FilePolicyReport, "attempts" | "attemptTimeMs" | "deadlineMs" | "jittered" | "note" | "result" | "terms">;

/**
 * Checks of the same values under the same flags give the same verdicts: a repository
 * repeats its policies (every Step Functions retrier with the same three settings, one
 * resilience4j default for all instances), and building a schedule model and summing it
 * is most of what a policy costs. The check is pure (core/check.ts), so one result serves
 * every policy with the same values; the cache is cleared when full, which keeps memory
 * flat whatever the number of files.
 */
const CHECKED_CACHE_SIZE = 1024;
const checkedCache = new Map<string, Checked>();
/** Each set of values policies are checked under (the flags, and a repository config's for a file), numbered for the cache's keys. */
const valuesIds = new WeakMap<Layers, number>();
let nextValuesId = 0;

function checkedOnce(policy: LocatedPolicy, layers: Layers): Checked {
  const choice = checkChoice(policy);
  if (choice.kind !== "values") return checkedWithoutWaits(policy, choice, layers);
  let id = valuesIds.get(layers);
  if (id === undefined) valuesIds.set(layers, (id = nextValuesId++));
  // The system too: the warnings name its file's keys (two systems may share a preset's values).
  const key = `${id}\n${policy.system}\n${checkKey(policy.preset, policy.options)}`;
  const cached = checkedCache.get(key);
  if (cached !== undefined) return cached;
  const values = mergeOptions(layers.under, policy.preset === null ? policy.options : { ...policy.options, preset: policy.preset }, layers.flags);
  const checked = inFileTerms(checkedPolicy(values), policy.system);
  if (checkedCache.size >= CHECKED_CACHE_SIZE) checkedCache.clear();
  checkedCache.set(key, checked);
  return checked;
}

/**
 * A policy the file leaves no wait to compute for (config/check-choice.ts checks it), with
 * its preset's terms: checked at once, named in the file's terms, or its count alone.
 */
function checkedWithoutWaits(policy: LocatedPolicy, choice: Exclude<CheckChoice, { kind: "values" }>, layers: Layers): Checked {
  const values = mergeOptions(layers.under, policy.options, layers.flags);
  const preset = policy.preset === null ? undefined : findPreset(policy.preset);
  if (choice.kind === "at-once") {
    const checked = checkAtOnce(values, choice, preset);
    return inFileTerms(preset === undefined ? checked : { ...checked, terms: presetTerms(preset, atOnceRule(choice, preset)) }, policy.system);
  }
  const checked = checkCountOnly(values, choice.why, preset);
  return preset === undefined ? checked : { ...checked, terms: presetTerms(preset, choice.why) };
}

/** A found policy's warnings name what to edit in its file (config/check-choice.ts inFileTerms). */
function inFileTerms(checked: Checked, system: string): Checked {
  return checked.terms === undefined ? checked : { ...checked, terms: termsInFile(checked.terms, shapeOf(system).levers) };
}

/**
 * One found policy, checked exactly as `check --config` and `check --preset` check it: backoff's
 * own config as it is, a system's policy as its preset with the file's values, over the
 * retries the library makes by its own rule (its count, its time limit, or forever).
 */
function checkedPolicy(values: OptionValues): Checked {
  const { attempts, attemptTimeMs, deadlineMs, result, terms, stopNote, jittered } = checkValues(values);
  return { attempts, attemptTimeMs, deadlineMs: deadlineMs ?? null, jittered, note: stopNote, result, ...(terms === undefined ? {} : { terms }) };
}
