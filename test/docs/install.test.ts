import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths.js";

// Issue 39, item 5: npm 11.16+ warns ("npm warn install-scripts … not yet covered by allowScripts")
// for every dependency with an install script that package.json's allowScripts does not decide,
// and npm 12 blocks them. Every such dependency of the lock file must be decided, and
// docs/install.md must say why. (Checked by hand as well: npm ci on a fresh clone with npm 11.19.1
// prints no warning.)

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { hasInstallScript?: boolean }> };
const install = readFileSync(join(ROOT, "docs/install.md"), "utf8");

/** The package names of the lock file's entries that run an install script (node_modules/a/node_modules/b → b). */
const withScripts = [...new Set(Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript === true).map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length)))].sort();

describe("package.json allowScripts and docs/install.md", () => {
  it("decides every dependency with an install script, and no other", () => {
    expect(withScripts).toEqual(["esbuild", "msgpackr-extract", "protobufjs"]);
    expect(Object.keys(pkg.allowScripts ?? {}).sort()).toEqual(withScripts);
  });

  it("docs/install.md's table says why for each decision", () => {
    for (const name of withScripts) expect(install, name).toMatch(new RegExp("^\\| `" + name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "`", "m"));
  });
});
