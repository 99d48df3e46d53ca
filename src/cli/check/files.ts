import type { PolicyReport } from "../../core/check-report/config-report.js";
import { type FilesReport, filesReport } from "../../core/check-report/files-report.js";
import type { DisabledReport, FilePolicyReport, InvalidReport, LenientReport, SkippedReport } from "../../core/check-report/policy.js";
import type { LimitReport, ScanLimit } from "../../core/check-report/retry-limit.js";
import { STDIN_NAME as STDIN_NAME_CONFIG } from "../shared/config.js";
import { UsageError, shown } from "../shared/errors.js";
import type { InStream, Io } from "../shared/io.js";
import { type OptionValues, POLICY_KEYS, limitsFromOptions, parseCount } from "../../config/option-values.js";
import type { FormatName } from "../../format/registry.js";
import { type Candidate, type DiscoverOptions, type DiscoverySkip, MAX_FILE_BYTES, discover, displayName } from "./discover.js";
import { type IgnoreRule, excludeRules } from "./ignore.js";
import { printableLine } from "../../format/printable.js";
import { FILE_BUDGET, type FileBudget, type WalkEvent, scanInOrder } from "./pool.js";
import { type FileOutcome, type MissingPreset, type PolicyTarget, type ScanSettings, decode, scanFile } from "./scan-file.js";
import { governed, limitReport, matchLimits } from "../../config/tree/limit-matching.js";
import type { LocatedLimit } from "../../config/recognise.js";
import { backoff } from "../../config/shapes/backoff.js";
import { shapeOf } from "../../config/shapes/index.js";
import { type OutputTarget, refuseOverwrites } from "./outputs.js";
import { FILES_WORDS, writeCheckReport } from "./report.js";
import { loadRepoConfig } from "./repo-config.js";
import { compileOverrides, levelsOf } from "./overrides.js";
import type { LevelOf } from "../../core/check-report/rule-levels.js";
import type { SuppressionComment } from "../../core/check-report/suppressions.js";
import { type BaselineEntry, baselineEntries } from "../../core/check-report/baseline.js";
import { baselineText, parseBaseline } from "../../config/baseline.js";
import { PathRefused, readPath } from "../shared/read-path.js";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join, resolve } from "node:path";

export { serveScans } from "./pool.js";

/**
 * `backoff check PATH…`: the retry policies in files and directories, each checked
 * against the limits given as flags (and, for backoff's own config files, the limits in
 * the file). See discover.ts for which files are read, recognise.ts for what is found in
 * them, core/check-report/ for the report and src/format/formats/check/ for its formats.
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
  /** The gRPC client whose waits a service config is checked with (--grpc-client); else the bounds of every client. */
  readonly grpcClient?: string;
  /** The repository config: a file named, none (--no-config: false), or the one found at the repository's root (undefined). */
  readonly config?: string | false;
  readonly policy?: string;
  /** --output FORMAT=FILE, read (outputs.ts). */
  readonly outputs?: readonly OutputTarget[];
  /** Fail only on findings this baseline file does not record (--baseline FILE). */
  readonly baseline?: string;
  /** Record today's findings in this file (--write-baseline FILE), written whole or not at all. */
  readonly writeBaseline?: string;
}

const STDIN_PATH = "-";
const STDIN_NAME = "<stdin>";

export async function runCheckFiles(paths: readonly string[], explicit: OptionValues, switches: CheckFilesSwitches, io: Io): Promise<number> {
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
  if (paths.filter((p) => p === STDIN_PATH).length > 1) throw new UsageError("- (standard input) can be given once");
  if (switches.config === STDIN_PATH && paths.includes(STDIN_PATH)) throw new UsageError("--config - and the PATH - both read standard input; give one of them as a file");
  // The repository config (repo-config.ts): its limits under the flags', its rules' levels, its excludes beside --exclude, its overrides per file.
  const found = await loadRepoConfig(switches.config, io);
  const baseline = switches.baseline === undefined ? undefined : { file: switches.baseline, entries: readBaseline(switches.baseline) };
  const compiled = found === null ? null : compileOverrides(found);
  const excludes = excludeRules([...(found?.config.exclude ?? []), ...switches.exclude]);

  const policies: FilePolicyReport[] = [];
  const disabled: DisabledReport[] = [];
  const invalid: InvalidReport[] = [];
  const skipped: SkippedReport[] = [];
  const lenient: LenientReport[] = [];
  const suppressions: SuppressionComment[] = [];
  // Each names a file, and often a policy, from the files scanned: escaped as the reports escape them.
  const say = (line: string) => io.stderr.write(`${printableLine(line)}\n`);
  const reportShowsInvalid = switches.format === "table" && io.stdout.isTTY === true;
  const noteSkip = (entry: SkippedReport) => {
    skipped.push(entry);
    const at = entry.line === null ? entry.file : `${entry.file}:${entry.line}:${entry.column}`;
    say(`warning: skipped ${at}: ${entry.reason}`);
  };
  let filesScanned = 0;
  const settings: ScanSettings = {
    explicit,
    // --grpc-client over the repository config's grpc-client (its overrides' per file: scan-file.ts).
    ...(switches.grpcClient === undefined ? {} : { grpcClient: switches.grpcClient }),
    ...(found === null ? {} : { config: { options: found.config.options, overrides: compiled!, ...(found.config.grpcClient === undefined ? {} : { grpcClient: found.config.grpcClient }) } }),
  };
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
      say(`note: read leniently ${entry.file}:${entry.line}:${entry.column}: ${entry.reason}`);
    }
    if (outcome.scanned) filesScanned++;
    for (const s of outcome.suppressions) suppressions.push(s);
    for (const policy of outcome.policies) policies.push(policy);
    for (const entry of outcome.disabled) disabled.push(entry);
    for (const entry of outcome.invalid) {
      // On stderr too, in file order with the skips: a machine format's stdout names it only in the document,
      // and a pipe or a file may not be read. On a terminal the text report names it there: once (issue 39, item 5).
      invalid.push(entry);
      if (!reportShowsInvalid) say(`error: ${entry.file}:${entry.line}:${entry.column}: ${entry.reason}`);
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
  for await (const event of scanInOrder(walkEvents(paths, excludes, { anyFile: switches.anyFile, follow: switches.follow === true }), settings, inline, pool, fileBudget(io.env))) {
    if (event.kind === "skip" && event.skip.link === true) {
      linksNotFollowed++;
      say(`note: not followed ${event.skip.name}: ${event.skip.reason}`);
    } else if (event.kind === "skip") noteSkip({ file: event.skip.name, line: null, column: null, reason: event.skip.reason });
    else add(event.outcome);
  }
  if (missing.size > 0) throw missingPresets(missing);
  const limits = retryLimits.length === 0 ? [] : attachLimits(retryLimits, targets, policies);
  const gathered = { policies, disabled, invalid, skipped, lenient, limits, linksNotFollowed, filesScanned, suppressions };
  // Nor over a file the scan found a policy in (`check . --output json=retry.json`): refused before anything is written.
  refuseOverwrites(
    [...(switches.outputs ?? []).map(({ format, file }) => ({ flag: `--output ${format}=${file}`, file })), ...(switches.writeBaseline === undefined ? [] : [{ flag: "--write-baseline", file: switches.writeBaseline }])],
    [...new Set([...policies, ...disabled, ...invalid].map((p) => p.file))].map((file) => ({ flag: "a policy found", file })),
  );
  const configSettings = found === null ? {} : { config: found.config.name, levelOf: levelsOf(found.config, compiled!, STDIN_NAME, explicit) };
  let report = filesReport(gathered, switches.strict, FILES_WORDS, { ...configSettings, ...(baseline === undefined ? {} : { baseline }) });
  if (switches.writeBaseline !== undefined) {
    // Today's findings recorded: written whole (a temporary file renamed over it), then this run holds them as a later --baseline run will.
    const entries = baselineEntries(report.findings);
    writeAtomically(switches.writeBaseline, baselineText(entries));
    io.stderr.write(`${printableLine(`baseline written: ${switches.writeBaseline} records ${entries.length === 1 ? "1 finding" : `${entries.length} findings`}`)}\n`);
    report = filesReport(gathered, switches.strict, FILES_WORDS, { ...configSettings, baseline: { file: switches.writeBaseline, entries } });
  }
  await writeCheckReport({ kind: "files", report }, switches, io.env["GITHUB_ACTIONS"] === "true", io);
  return report.exitCode;
}

/**
 * The merge step of the scan's retry limits: each limit matched with the policies it
 * governs across every file read (config/tree/limit-matching.ts), each governed policy given its limits,
 * and the list of all limits with the policies each governs.
 */
function attachLimits(found: readonly LocatedLimit[], targets: readonly PolicyTarget[], policies: FilePolicyReport[]): ScanLimit[] {
  const matches = matchLimits(found, targets);
  const reports = found.map(limitReport);
  const of = (indices: readonly number[]): LimitReport[] => indices.map((i) => reports[i]!);
  targets.forEach((target, t) => {
    if (matches[t]!.length > 0) policies[target.index] = { ...policies[target.index]!, limits: of(matches[t]!) };
  });
  const governs = governed(found, targets, matches);
  return reports.map((limit, i) => ({ limit, governs: governs[i]! }));
}

/** A baseline file's entries (config/baseline.ts reads them). */
function readBaseline(path: string): BaselineEntry[] {
  let bytes: Buffer;
  try {
    bytes = readPath(path, { maxBytes: MAX_FILE_BYTES });
  } catch (error) {
    if (error instanceof PathRefused) throw new UsageError(`--baseline cannot read ${shown(path)}: ${error.reason}`);
    throw error;
  }
  return parseBaseline(bytes.toString("utf8"), path);
}

/** A file written whole or not at all: a temporary file in the same folder, renamed over the target. */
function writeAtomically(path: string, text: string): void {
  const temp = join(dirname(resolve(path)), `.${basename(path)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new UsageError(`--write-baseline cannot write ${shown(path)}: ${(error as { code?: string }).code ?? (error as Error).message}`);
  }
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
 * `check --config FILE` as `check PATH` reports files, for the formats that point at lines
 * (SARIF, JUnit, GitLab Code Quality): each policy at its line in the config file. Flags
 * alone have no lines to point at; `given` is how the format was asked for ("--format sarif").
 */
export function configFilesReport(reports: readonly PolicyReport[], file: string | null, strict: boolean, given: string, levelOf?: LevelOf): FilesReport {
  if (file === null || file === STDIN_NAME_CONFIG) throw new UsageError(`${given} points at lines of files: give the policies as a PATH (backoff check retry.json) or with --config FILE`);
  const policies: FilePolicyReport[] = reports.map((r) => ({
    file: displayName(file),
    line: r.line ?? 1,
    column: r.column ?? 1,
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
  return filesReport({ policies, disabled: [], invalid: [], skipped: [], lenient: [], limits: [], linksNotFollowed: 0, filesScanned: 1 }, strict, FILES_WORDS, levelOf === undefined ? {} : { levelOf });
}

/**
 * What one file may cost (pool.ts): FILE_BUDGET, or BACKOFF_CHECK_FILE_MS and
 * BACKOFF_CHECK_FILE_MB (docs/check-files.md) for a slower machine or a smaller container.
 */
function fileBudget(env: Readonly<Record<string, string | undefined>>): FileBudget {
  const read = (name: string, fallback: number, max: number): number => {
    const text = env[name];
    if (text === undefined || text === "") return fallback;
    const value = /^\d{1,9}$/.test(text.trim()) ? Number(text) : Number.NaN;
    if (!(value >= 1 && value <= max)) throw new UsageError(`${name} must be a whole number from 1 to ${max}, got ${shown(text)}`);
    return value;
  };
  return { ms: read("BACKOFF_CHECK_FILE_MS", FILE_BUDGET.ms, 3_600_000), heapMb: read("BACKOFF_CHECK_FILE_MB", FILE_BUDGET.heapMb, 65_536) };
}
