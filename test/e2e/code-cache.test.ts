import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { wrap } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/files.js";

// The V8 code caches the build ships beside the bundles (bin/code-cache.js).
const root = fileURLToPath(new URL("../..", import.meta.url));
const dist = join(root, "dist");
// Node 22.1+ uses its own compile cache instead (bin/backoff.js).
const onNode20 = typeof ((await import("node:module")) as { enableCompileCache?: unknown }).enableCompileCache !== "function";

describe.skipIf(!onNode20)("the shipped code caches", () => {
  it("exist for the start-up, table, command and simulate bundles, and this Node's V8 accepts them", () => {
    const caches = readdirSync(dist).filter((name) => name.endsWith(".cjs.cache")).sort();
    expect(caches).toEqual(["cli.cjs.cache", "commands.cjs.cache", "simulate.cjs.cache", "table.cjs.cache"]);
    for (const cache of caches) {
      const file = join(dist, cache.replace(/\.cache$/, ""));
      const script = new Script(wrap(readFileSync(file, "utf8")), { filename: file, cachedData: readFileSync(`${file}.cache`) });
      expect(script.cachedDataRejected, cache).toBe(false);
    }
  });

  it("a bundle changed after its cache was made is compiled afresh, even at the same length", () => {
    const copy = tempDir("cache");
    cpSync(join(root, "bin"), join(copy, "bin"), { recursive: true });
    cpSync(dist, join(copy, "dist"), { recursive: true });
    const bundle = join(copy, "dist", "cli.cjs");
    // The same length, other text: V8 alone would take the stale cache (it compares lengths).
    writeFileSync(bundle, readFileSync(bundle, "utf8").replace("print the version", "PRINT THE VERSION"));
    const later = new Date(Date.now() + 60_000);
    utimesSync(bundle, later, later);
    const help = spawnSync(process.execPath, [join(copy, "bin", "backoff.js"), "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/-V, --version +PRINT THE VERSION\n/);
  });
});
