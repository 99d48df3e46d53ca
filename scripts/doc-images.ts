/**
 * The pictures in docs/images/ that backoff draws itself: each is the output of one
 * command, run with the built binary as the examples are (scripts/doc-examples.ts).
 * test/docs/images.test.ts compares each file with a fresh run byte for byte, and
 * `npm run docs:examples` rewrites them. A picture referred to in a document states its
 * command beside it.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

export interface DocImage {
  /** Relative to the repository's root. */
  readonly path: string;
  /** `backoff`'s arguments. */
  readonly args: readonly string[];
}

export const DOC_IMAGES: readonly DocImage[] = [
  {
    path: "docs/images/retry-storm.svg",
    args: ["simulate", "--model", "capacity", "--outage", "10s..20s", "--base", "100ms", "--cap", "1s", "--jitter", "full", "--attempts", "3", "--compare", "none,budget=10%", "--format", "svg"],
  },
  {
    path: "docs/images/occ-sweep.svg",
    args: ["simulate", "--model", "occ", "--compare-jitter", "--clients", "10..190:20", "--runs", "20", "--format", "svg"],
  },
];

/** What the built binary draws for `image` now. */
export function drawDocImage(root: string, image: DocImage): string {
  const run = spawnSync(process.execPath, [join(root, "bin/backoff.js"), ...image.args], { cwd: root, encoding: "utf8", env: { PATH: process.env["PATH"] ?? "", LANG: "C.UTF-8" }, maxBuffer: 16 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`backoff ${image.args.join(" ")} exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}
