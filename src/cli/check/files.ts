import type { FilesReport } from "../../core/check-report/files-report.js";
import type { DisabledReport, FilePolicyReport, InvalidReport, LenientReport, SkippedReport } from "../../core/check-report/policy.js";
import type { LimitReport, ScanLimit } from "../../core/check-report/retry-limit.js";
import { type RenderedPolicies, filesAnnotations, policyLimitsJsonText } from "../../format/check-files-report.js";
import type { PolicyReport } from "../../format/check-report.js";
import { warningFails } from "../../core/check.js";
import { STDIN_NAME as STDIN_NAME_CONFIG } from "../shared/config.js";
import { UsageError, shown } from "../shared/errors.js";
import type { InStream, Io } from "../shared/io.js";
import { type OptionValues, POLICY_KEYS, limitsFromOptions, parseCount } from "../../config/option-values.js";
import type { FormatName } from "../../format/registry.js";
import { outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import { type Candidate, type DiscoverOptions, type DiscoverySkip, MAX_FILE_BYTES, discover, displayName } from "./discover.js";
import { type IgnoreRule, excludeRules } from "./ignore.js";
import { type WalkEvent, scanInOrder } from "./pool.js";
import { type FileOutcome, type MissingPreset, type PolicyTarget, type RenderedFile, type ScanSettings, decode, scanFile } from "./scan-file.js";
import { governed, limitReport, matchLimits } from "./retry-limits.js";
import type { LocatedLimit } from "../../config/recognise.js";
import { backoff } from "../../config/shapes/backoff.js";
import { shapeOf } from "../../config/shapes/index.js";

export { serveScans } from "./pool.js";

/**
 * `backoff check PATH…`: the retry policies in files and directories, each checked
 * against the limits given as flags (and, for backoff's own config files, the limits in
 * the file). See discover.ts for which files are read, recognise.ts for what is found in
 * them, and format/check-files-report.ts for the reports.
 */
export interface CheckFilesSwitches {
  readonly strict: boolean;
  readonly format: FormatName;
  readonly color: boolean;
  readonly exclude: readonly string[];
  /** Named files are read as a directory scan reads what it finds (--any-file). */
  readonly anyFile: boolean;
  /** Symbolic links out of a directory searched are followed (--follow). */
  readonly follow?: boolean;
  readonly config?: string;
  readonly policy?: string;
}

const STDIN_PATH = "-";
const STDIN_NAME = "<stdin>";

export async function runCheckFiles(paths: readonly string[], explicit: OptionValues, switches: CheckFilesSwitches, io: Io): Promise<number> {
  if (switches.config !== undefined) throw new UsageError("--config and PATH cannot be combined: give the config file as a PATH (backoff check retry.json)");
  if (switches.policy !== undefined) throw new UsageError("--policy needs --config; with PATH every policy found is checked");
  const shaping = POLICY_KEYS.filter((key) => explicit[key] !== undefined);
  if (shaping.length > 0) {
    const flag = `--${shaping[0]}`;
    throw new UsageError(`${flag} describes one policy, but with PATH the policies come from the files; give limits instead (--max-total, --max-delay, --attempt-time, …)`);
  }
  if (explicit.maxElapsed !== undefined) throw new UsageError("--max-elapsed describes one policy, but with PATH the policies come from the files");
  // The limits are the same for every policy: parse them once, so that a bad one fails before any file is read.
  limitsFromOptions(explicit);
  if (explicit.clients !== undefined) parseCount("--clients", explicit.clients);
  const excludes = excludeRules(switches.exclude);
  if (paths.filter((p) => p === STDIN_PATH).length > 1) throw new UsageError("- (standard input) can be given once");

  const policies: FilePolicyReport[] = [];
  const disabled: DisabledReport[] = [];
  const invalid: InvalidReport[] = [];
  const skipped: SkippedReport[] = [];
  const lenient: LenientReport[] = [];
  const noteSkip = (entry: SkippedReport) => {
    skipped.push(entry);
    const at = entry.line === null ? entry.file : `${entry.file}:${entry.line}:${entry.column}`;
    io.stderr.write(`warning: skipped ${at}: ${entry.reason}\n`);
  };
  let filesScanned = 0;
  // The JSON report without GitHub annotations needs only the policies' text: it is rendered where they are checked.
  const annotate = io.env["GITHUB_ACTIONS"] === "true";
  const renderer = await outputRenderer("check", switches);
  const settings: ScanSettings = { explicit, renderJson: renderer.policyText === true && !annotate ? { strict: switches.strict } : null };
  const rendered: RenderedFile[] = [];
  const missing = new Map<string, { first: MissingPreset["policy"]; count: number }>();
  const retryLimits: LocatedLimit[] = [];
  const targets: PolicyTarget[] = [];
  const add = (outcome: FileOutcome) => {
    for (const limit of outcome.limits) retryLimits.push(limit);
    // Indices into the report's policies (this file's come after those already there).
    for (const target of outcome.targets) targets.push({ ...target, index: policies.length + target.index });
    for (const entry of outcome.skips) noteSkip(entry);
    for (const entry of outcome.lenient) {
      lenient.push(entry);
      io.stderr.write(`note: read leniently ${entry.file}:${entry.line}:${entry.column}: ${entry.reason}\n`);
    }
    if (outcome.scanned) filesScanned++;
    for (const policy of outcome.policies) policies.push(policy);
    if (outcome.rendered !== null) rendered.push(outcome.rendered);
    for (const entry of outcome.disabled) disabled.push(entry);
    for (const entry of outcome.invalid) {
      // On stderr too, in file order with the skips: a machine format's stdout names it only in the document.
      invalid.push(entry);
      io.stderr.write(`error: ${entry.file}:${entry.line}:${entry.column}: ${entry.reason}\n`);
    }
    for (const { preset, policy } of outcome.missing) {
      const seen = missing.get(preset);
      if (seen === undefined) missing.set(preset, { first: policy, count: 1 });
      else seen.count++;
    }
    if (outcome.usageError !== null) throw new UsageError(outcome.usageError);
  };

  const inline = async (candidate: Candidate) => (candidate.path === STDIN_PATH ? scanFile(candidate, settings, await readStdin(io.stdin)) : scanFile(candidate, settings));
  // Standard input is read on this thread, in its place: with "-" every file is.
  const pool = !paths.includes(STDIN_PATH);
  let linksNotFollowed = 0;
  for await (const event of scanInOrder(walkEvents(paths, excludes, { anyFile: switches.anyFile, follow: switches.follow === true }), settings, inline, pool)) {
    if (event.kind === "skip" && event.skip.link === true) {
      linksNotFollowed++;
      io.stderr.write(`note: not followed ${event.skip.name}: ${event.skip.reason}\n`);
    } else if (event.kind === "skip") noteSkip({ file: event.skip.name, line: null, column: null, reason: event.skip.reason });
    else add(event.outcome);
  }
  if (missing.size > 0) throw missingPresets(missing);
  const limits = retryLimits.length === 0 ? [] : attachLimits(retryLimits, targets, policies, rendered);

  const broken = policies.some((p) => p.result.assertions.some((a) => !a.ok)) || rendered.some((r) => r.broken > 0);
  const warned = policies.some((p) => p.result.warnings.length > 0) || rendered.some((r) => r.warnings > 0) || skipped.length > 0;
  // A lint raised to an error (--unreachable-retries error) fails without --strict.
  const erred = policies.some((p) => p.result.warnings.some((w) => warningFails(p.result, w, false))) || rendered.some((r) => r.errors > 0);
  const exitCode = broken || erred || invalid.length > 0 || (switches.strict && warned) ? 1 : 0;
  const report: FilesReport = { policies, disabled, invalid, skipped, lenient, ...(limits.length === 0 ? {} : { limits }), ...(linksNotFollowed === 0 ? {} : { linksNotFollowed }), filesScanned, strict: switches.strict, exitCode };
  const check = {
    kind: "files" as const,
    report,
    annotations: annotate ? filesAnnotations(report) : [],
    rendered: settings.renderJson === null ? null : renderedTotals(rendered),
  };
  await writeRendered(await renderer.render(check, renderContext(io, switches)), io);
  return exitCode;
}

/**
 * The merge step of the scan's retry limits: each limit matched with the policies it
 * governs across every file read (retry-limits.ts), each governed policy given its limits
 * (in `policies`, or spliced into a rendered file's JSON), and the list of all limits with
 * the policies each governs.
 */
function attachLimits(found: readonly LocatedLimit[], targets: readonly PolicyTarget[], policies: FilePolicyReport[], rendered: RenderedFile[]): ScanLimit[] {
  const cuts = rendered.flatMap((file, at) => file.cuts.map((cut) => ({ ...cut, rendered: at })));
  const all = [...targets, ...cuts];
  const matches = matchLimits(found, all);
  const reports = found.map(limitReport);
  const of = (indices: readonly number[]): LimitReport[] => indices.map((i) => reports[i]!);
  targets.forEach((target, t) => {
    if (matches[t]!.length > 0) policies[target.index] = { ...policies[target.index]!, limits: of(matches[t]!) };
  });
  const splices = new Map<number, Array<{ at: number; text: string }>>();
  cuts.forEach((cut, c) => {
    const indices = matches[targets.length + c]!;
    if (indices.length === 0) return;
    const list = splices.get(cut.rendered) ?? [];
    list.push({ at: cut.at, text: policyLimitsJsonText(of(indices)) });
    splices.set(cut.rendered, list);
  });
  for (const [at, list] of splices) rendered[at] = { ...rendered[at]!, splices: list };
  const governs = governed(found, all, matches);
  return reports.map((limit, i) => ({ limit, governs: governs[i]! }));
}

/** The rendered files' policies as the JSON report counts and writes them. */
function renderedTotals(files: readonly RenderedFile[]): RenderedPolicies<string | Uint8Array> {
  let policies = 0;
  let limits = 0;
  let broken = 0;
  let warnings = 0;
  for (const file of files) {
    policies += file.policies;
    limits += file.limits;
    broken += file.broken;
    warnings += file.warnings;
  }
  const pieces = function* (): Generator<string | Uint8Array> {
    // Every policy comes with a comma before it: the report's first one without.
    for (let i = 0; i < files.length; i++) {
      const { bytes, splices } = files[i]!;
      let from = i === 0 ? 1 : 0;
      // A governed policy's retry limits go before its closing brace.
      for (const splice of splices ?? []) {
        yield bytes.subarray(from, splice.at);
        yield splice.text;
        from = splice.at;
      }
      yield from === 0 ? bytes : bytes.subarray(from);
    }
  };
  return { policies, filesWithPolicies: new Set(files.map((f) => f.file)).size, limits, broken, warnings, pieces: pieces() };
}

/** One line for the policies whose system has no preset in this build (the presets of issue 12). */
function missingPresets(missing: ReadonlyMap<string, { first: MissingPreset["policy"]; count: number }>): UsageError {
  const [preset, { first, count }] = [...missing][0]!;
  const label = shapeOf(first.system).label;
  const more = count > 1 ? `; ${count - 1} more such ${count === 2 ? "policy" : "policies"}` : "";
  const others = [...missing.keys()].slice(1);
  const also = others.length > 0 ? `; also no preset ${others.map((name) => shown(name)).join(", ")}` : "";
  return new UsageError(
    `${first.file}:${first.line}:${first.column}: ${label} policy ${shown(first.name)}: unknown preset ${shown(preset)}: this build of backoff cannot compute ${label} schedules yet${more}${also}`,
  );
}

/** The walk's files and the skips it met between them, in order (see pool.ts). */
function* walkEvents(paths: readonly string[], excludes: readonly IgnoreRule[], options: DiscoverOptions): Generator<WalkEvent> {
  const skips: DiscoverySkip[] = [];
  const found = withStdin(paths, discover(paths.filter((p) => p !== STDIN_PATH), excludes, (s) => skips.push(s), options));
  try {
    for (const candidate of found) {
      for (const skip of skips.splice(0)) yield { kind: "skip", skip };
      yield { kind: "candidate", candidate };
    }
  } finally {
    // Also before an error the walk throws: the skips met on the way come first.
    for (const skip of skips.splice(0)) yield { kind: "skip", skip };
  }
}

/** The candidates in the order the paths were given, standard input ("-") in its place. */
function* withStdin(paths: readonly string[], found: Iterable<Candidate>): Generator<Candidate> {
  const stdinAt = paths.indexOf(STDIN_PATH);
  if (stdinAt === -1) {
    yield* found;
    return;
  }
  // discover() walks the other paths in order; standard input is read first when given first, else last.
  const stdin: Candidate = { path: STDIN_PATH, name: STDIN_NAME, kind: "yaml", named: true, helmTemplate: false };
  if (stdinAt === 0) yield stdin;
  yield* found;
  if (stdinAt !== 0) yield stdin;
}

async function readStdin(stdin: InStream | undefined): Promise<string> {
  if (stdin === undefined) throw new UsageError("- reads standard input, but there is none");
  if (stdin.isTTY) throw new UsageError("- reads standard input, which is a terminal; pipe the file in (helm template chart | backoff check -)");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk);
    size += bytes.length;
    if (size > MAX_FILE_BYTES) throw new UsageError("- received more than 10 MB on standard input; configuration files are far smaller");
    chunks.push(bytes);
  }
  const text = decode(Buffer.concat(chunks));
  if (text === null) throw new UsageError("standard input is not text (it holds binary data)");
  return text;
}


/**
 * `check --config FILE` as `check PATH` reports files, for the documents that point at lines
 * (SARIF, JUnit, GitLab Code Quality): each policy at its line in the config file. Flags
 * alone have no lines to point at.
 */
export function configFilesReport(reports: readonly PolicyReport[], file: string | null, exitCode: number, strict: boolean, format: FormatName): FilesReport {
  if (file === null || file === STDIN_NAME_CONFIG) throw new UsageError(`--format ${format} points at lines of files: give the policies as a PATH (backoff check retry.json) or with --config FILE`);
  const policies: FilePolicyReport[] = reports.map((r) => ({
    file: displayName(file),
    line: r.line ?? 1,
    column: 1,
    system: "backoff",
    systemLabel: backoff.label,
    name: r.name ?? displayName(file),
    preset: null,
    options: {},
    attempts: r.attempts,
    attemptTimeMs: r.attemptTimeMs,
    jittered: false,
    note: null,
    result: r.result,
  }));
  return { policies, disabled: [], invalid: [], skipped: [], filesScanned: 1, strict, exitCode };
}
