import type { FlatEntry, SpringReader } from "./spring-boot.js";
import type { Node } from "./tree/walk.js";
import type { Findings } from "./tree/findings.js";

/**
 * One kind of configuration file `check PATH` reads policies from: the system whose
 * policies they are, and how to find them. Each lives in a file of its own under
 * shapes/ and is listed once in shapes/index.ts, which everything else reads: the
 * recognising (recognise.ts), the key-word pre-filter, the "recognised: …" message, the
 * reports' labels and docs/check-files.md. A shape reads one or more of three views of a
 * file, in the registry's order: each JSON or YAML document, Spring Boot's properties
 * with profiles applied (spring-boot.ts), and a plain .properties file.
 */
export interface ConfigShape {
  /** The system's key in reports ("step-functions"). */
  readonly system: string;
  /** How reports name it ("AWS Step Functions"). */
  readonly label: string;
  /** The preset its policies are checked with; null for backoff's own config, whose options name one when they mean one. */
  readonly preset: string | null;
  /** What it reads, for "no retry policy found in F; recognised: …". */
  readonly recognised: string;
  /**
   * What a warning tells the reader to edit, as the file spells it: a policy found in a
   * file is changed in the file, not with a flag (flags that describe a policy are refused
   * beside PATH) nor a library's method. Each is used where the policy's preset has that
   * lever at all (a cap, a retry count or time limit, a jitter setting).
   */
  readonly levers: ShapeLevers;
  /**
   * Its row of docs/check-files.md's table: the system, where it is found, what becomes the
   * policy, and what it retries on, its keys and its default (absent where they are not read
   * yet: "not read") (Markdown).
   */
  readonly docs: { readonly system: string; readonly where: string; readonly policy: string; readonly conditions?: string };
  /**
   * The key-word pre-filter: words the shape needs to see before it can find anything. A
   * JSON or YAML file (and each document of a YAML stream) that matches no shape's `tree`
   * is passed over without being parsed, a .properties file likewise with `properties`;
   * `named` replaces `tree` for a file named on the command line. Only the expressions'
   * sources are used, joined into one multi-line expression per kind. `toml` is the
   * pre-filter of a .toml file, which only the shapes with `documents.toml` read.
   * `template` replaces `tree` in deciding whether a Helm or Jinja template found while
   * scanning is reported as skipped: where `tree` is a word any manifest may hold (a
   * `strategy:` key, a chart named "gateway"), the retry keys themselves, so that a chart's
   * Role or Service template is passed over like any file without a policy, not a warning.
   */
  readonly words: { readonly tree?: RegExp; readonly named?: RegExp; readonly properties?: RegExp; readonly toml?: RegExp; readonly template?: RegExp };
  /** Reads each JSON or YAML document. */
  readonly documents?: DocumentReader;
  /** Reads Spring Boot's properties under `roots` (normalised elements), from YAML and .properties alike. */
  readonly spring?: { readonly roots: readonly (readonly string[])[]; readonly read: SpringReader };
  /** Reads a .properties file's entries that are not Spring Boot's (file: the file's own name). */
  readonly properties?: (entries: readonly FlatEntry[], file: string, findings: Findings) => void;
}

/**
 * The keys of a shape's file that set a policy's cap, bound its retries and set its
 * jitter, each with where it sits ("MaxDelaySeconds in the retrier"); null (or none)
 * when the file has no such key (a Kubernetes Job's back-off cap is the controller's).
 */
export interface ShapeLevers {
  readonly cap: string | null;
  readonly limits: readonly string[];
  readonly jitter: string | null;
}

/** The file a document is in: its text (node offsets point into it), how messages name it, and whether it was named on the command line. */
export interface DocumentFile {
  readonly text: string;
  readonly name: string;
  readonly named: boolean;
}

export interface DocumentReader {
  /** Reports every policy of the document into `findings` (a node shared through YAML aliases may be met twice: forEachMap visits it once). */
  readonly read: (root: Node, file: DocumentFile, findings: Findings) => void;
  /**
   * Runs only when the file's text matches `words.tree`, or holds a backslash (a key
   * spelled with escapes): for a reader that walks the whole tree, which costs more than
   * the test.
   */
  readonly onlyWithWords?: boolean;
  /** Runs on a document only when no other shape found anything in it (backoff's own config: many files have a key or two of it). */
  readonly lastResort?: boolean;
  /** Reads TOML documents too (read/toml.ts: Traefik's file provider); a .toml file is read by these shapes alone. */
  readonly toml?: boolean;
}
