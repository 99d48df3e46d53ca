import { UsageError } from "./errors.js";
import type { FileKind, FileResult, LocatedPolicy } from "./recognise.js";

/**
 * A reference to a policy `check PATH` finds: "FILE#NAME", the file as a path and the
 * policy's name as check PATH's reports spell it ("deploy/reviews.yaml#reviews/reviews-v1",
 * "src/main/resources/application.yml#backendA"). A chain layer written so is the policy
 * its shape reads from the file, with no values copied by hand. Pure: the caller reads the
 * file and hands its recognised policies over (recogniseFile, through the shape registry).
 */
export interface PolicyReference {
  readonly file: string;
  readonly name: string;
}

/** "FILE#NAME" split at its first "#" (a name may hold one, a path seldom does); null when there is none. */
export function parsePolicyReference(text: string): PolicyReference | null {
  const at = text.indexOf("#");
  if (at < 0) return null;
  const file = text.slice(0, at).trim();
  const name = text.slice(at + 1).trim();
  if (file === "") throw new UsageError(`${JSON.stringify(text)} names no file before "#"; write FILE#NAME, such as "deploy/reviews.yaml#reviews/reviews-v1"`);
  if (name === "") throw new UsageError(`${JSON.stringify(text)} names no policy after "#"; write FILE#NAME, with the name check ${file} reports`);
  return { file, name };
}

/**
 * The names check PATH reads, by how each ends (in any case: `RETRY.YAML` too), and how each
 * is read: the one list, which discovery (kindOfName) and the pre-commit hook's `files`
 * pattern (.pre-commit-hooks.yaml, held to it by test/e2e/pre-commit.test.ts) both follow.
 * No ending is the end of another, so the order does not decide.
 */
export const FILE_ENDINGS: ReadonlyArray<readonly [ending: string, kind: FileKind]> = [
  [".json", "json"],
  [".yaml", "yaml"],
  [".yml", "yaml"],
  [".properties", "properties"],
  // TOML: Traefik's file provider (its dynamic configuration's http.middlewares).
  [".toml", "toml"],
  // Amazon States Language definitions (SAM's DefinitionUri, the Step Functions toolkit): JSON,
  // sometimes written as YAML, which the YAML reader reads both of.
  [".asl", "yaml"],
];

/** How a referenced file is read, from its name as check PATH reads it; null for a name no reader takes. */
export function kindOfName(name: string): FileKind | null {
  const lower = name.toLowerCase();
  for (const [ending, kind] of FILE_ENDINGS) if (lower.endsWith(ending)) return kind;
  return null;
}

const quoted = (text: string) => JSON.stringify(text);
const place = (p: { line: number; column: number }) => `${p.line}:${p.column}`;

/**
 * The one policy of a recognised file that the reference names. A name that matches
 * nothing lists the names there are; one that matches several lists their places; a
 * policy found but not readable (a placeholder, a wrong value) says why.
 */
export function referencedPolicy(result: FileResult, fileName: string, name: string): LocatedPolicy {
  const matches = result.policies.filter((policy) => policy.name === name);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new UsageError(`${quoted(name)} names ${matches.length} policies in ${fileName} (lines ${matches.map(place).join(", ")}); a chain layer is one policy, so give them names of their own in the file`);
  }
  const unreadable = [...result.unresolved, ...result.invalid].find((policy) => policy.name === name);
  if (unreadable !== undefined) throw new UsageError(`${quoted(name)} in ${fileName} (line ${place(unreadable)}) cannot be counted: ${unreadable.reason}`);
  const names = [...new Set(result.policies.map((policy) => policy.name))];
  if (names.length === 0) throw new UsageError(`${fileName} holds no retry policy that check reads, so nothing is named ${quoted(name)}`);
  return throwNone(name, fileName, names);
}

function throwNone(name: string, fileName: string, names: readonly string[]): never {
  const shown = names.length <= 8 ? names.map(quoted).join(", ") : `${names.slice(0, 8).map(quoted).join(", ")} and ${names.length - 8} more`;
  throw new UsageError(`no policy named ${quoted(name)} in ${fileName}; check finds ${shown}`);
}
