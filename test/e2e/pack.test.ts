import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire, wrap } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { PRESETS } from "../../src/presets/registry.js";
import { tempDir } from "../support/files.js";

// The package as someone who never cloned the repository gets it: packed, installed
// into an empty prefix without dev dependencies and offline (it needs nothing from the
// registry: everything it runs is bundled in dist/), then run from node_modules/.bin.
const root = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string };
const work = tempDir("pack");
const prefix = join(work, "prefix");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
let tarball = "";
let installWarnings = "";

function installed(args: string[]) {
  const { COLUMNS: _c, FORCE_COLOR: _f, NO_COLOR: _n, ...env } = process.env;
  const result = spawnSync(join(prefix, "node_modules", ".bin", "backoff"), args, { cwd: work, encoding: "utf8", env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  // Packed as `npm pack` packs it, its scripts included (prepack builds dist/ and strips the
  // install-time scripts from package.json, postpack puts it back), from a copy of the
  // checkout: rebuilding in the checkout would delete dist/ under the tests running beside this one.
  const checkout = join(work, "checkout");
  for (const entry of ["package.json", "LICENSE", "README.md", "tsconfig.json", "tsconfig.build.json", "bin", "man", "schema", "scripts", "src"]) {
    cpSync(join(root, entry), join(checkout, entry), { recursive: true });
  }
  symlinkSync(join(root, "node_modules"), join(checkout, "node_modules"), "dir");
  const packed = execFileSync(npm, ["pack", "--json", "--pack-destination", work], { cwd: checkout, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const [{ filename, files }] = JSON.parse(packed.slice(packed.indexOf("["))) as [{ filename: string; files: { path: string }[] }];
  tarball = join(work, filename);
  expect(files.map((f) => f.path)).toContain("LICENSE");
  expect(files.map((f) => f.path)).toContain("man/backoff.1");
  expect(files.map((f) => f.path)).toContain("schema/backoff-config.schema.json");
  // postpack put the checkout's package.json back as it was, byte for byte.
  expect(readFileSync(join(checkout, "package.json"), "utf8")).toBe(readFileSync(join(root, "package.json"), "utf8"));
  const install = spawnSync(npm, ["install", "--omit=dev", "--offline", "--no-audit", "--no-fund", "--cache", join(work, "cache"), "--prefix", prefix, tarball], {
    cwd: work,
    encoding: "utf8",
  });
  expect(install.status).toBe(0);
  installWarnings = install.stderr;
}, 120_000);

describe("the packed package, installed with no dev dependencies", () => {
  // Issue 23, item 14: installing the tarball printed npm's install-scripts warning about `prepare` every time.
  it("carries no install-time script, so npm warns about none", () => {
    const manifest = JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" })) as { scripts?: Record<string, string> };
    expect(Object.keys(manifest.scripts ?? {}).filter((name) => ["preinstall", "install", "postinstall", "prepare"].includes(name))).toEqual([]);
    expect(installWarnings).toBe("");
  });

  it("is published under its own name and installs nothing else", () => {
    expect(pkg.name).toBe("backoff-calculator");
    expect(readdirSync(join(prefix, "node_modules")).filter((name) => !name.startsWith("."))).toEqual(["backoff-calculator"]);
  });

  it("ships the config file's JSON Schema where the docs' editor set-up points", () => {
    const installedSchema = join(prefix, "node_modules", pkg.name, "schema", "backoff-config.schema.json");
    expect(readFileSync(installedSchema, "utf8")).toBe(readFileSync(join(root, "schema", "backoff-config.schema.json"), "utf8"));
  });

  it("backoff --version", () => {
    expect(installed(["--version"])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
  });

  it("a schedule", () => {
    // 100 ms doubling: 100, 200, 400, 800, 1600 ms (totals 100, 300, 700, 1500, 3100); linear 100 ms steps.
    expect(installed(["--base", "100", "--cap", "10s", "--attempts", "5", "--format", "csv"])).toEqual({
      code: 0,
      stdout: [
        "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms",
        "1,100,100,100,100,100",
        "2,200,200,300,200,300",
        "3,400,400,700,300,600",
        "4,800,800,1500,400,1000",
        "5,1600,1600,3100,500,1500",
        "",
      ].join("\n"),
      stderr: "",
    });
    const table = installed(["--base", "100", "--cap", "10s", "--attempts", "5"]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("│       5 │ 1,600 ms  1.6 s │ 3,100 ms  3.1 s │ 500 ms │ 1.5 s        │\n");
  });

  it("check", () => {
    // Delays 1, 2, 4, 8, 16, 30, 30, 30 s: 121 s in all.
    expect(installed(["check", "--base", "1s", "--cap", "30s", "--attempts", "8", "--max-total", "5m"])).toEqual({
      code: 0,
      stdout: "✓ max-total 5 min: worst case 2 min 1 s\n✓ the limit holds\n",
      stderr: "",
    });
  });

  it("check PATH, with the YAML reader bundled in dist/files.cjs", () => {
    writeFileSync(join(work, "retry.yaml"), "base: 1s\ncap: 30s\nattempts: 8\n");
    // The same delays as above: 121 s in all, the longest 30 s from attempt 6.
    expect(installed(["check", "retry.yaml", "--max-total", "5m"])).toEqual({
      code: 0,
      stdout: [
        "retry.yaml",
        "  ✓ retry.yaml (backoff config, line 1:1)",
        "    8 retries: worst-case total 2 min 1 s, best case 2 min 1 s, largest delay 30 s (attempt 6), no jitter",
        "    ✓ max-total 5 min: worst case 2 min 1 s",
        "✓ the limit holds, 1 policy in 1 file",
        "",
      ].join("\n"),
      stderr: "",
    });
  });

  it("presets", () => {
    const { code, stdout } = installed(["presets"]);
    expect(code).toBe(0);
    // One line per preset, two spaces in, under its group's title.
    const names = stdout.split("\n").filter((line) => /^  \S/.test(line)).map((line) => line.trim().split(" ")[0]);
    // The source's registry, every one of them in the installed copy, in its order.
    expect(names).toEqual(PRESETS.map((preset) => preset.name));
  });

  it.skipIf(typeof (createRequire(import.meta.url)("node:module") as { enableCompileCache?: unknown }).enableCompileCache === "function")(
    "ships code caches that the installed copy uses (same V8, not older than their bundle by the edit margin)",
    () => {
      const dist = join(prefix, "node_modules", pkg.name, "dist");
      for (const name of ["cli.cjs", "table.cjs", "commands.cjs", "simulate.cjs"]) {
        const file = join(dist, name);
        expect(statSync(file).mtimeMs).toBeLessThanOrEqual(statSync(`${file}.cache`).mtimeMs + 10_000);
        const script = new Script(wrap(readFileSync(file, "utf8")), { filename: file, cachedData: readFileSync(`${file}.cache`) });
        expect(script.cachedDataRejected, name).toBe(false);
      }
    },
  );

  it("imports as a library by its name, types included (no bundled package needed for them)", () => {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", `import { delayMs } from "${pkg.name}"; console.log(delayMs({ baseMs: 100, capMs: 10000 }, 20));`], {
      cwd: prefix,
      encoding: "utf8",
    });
    expect(out).toBe("10000\n");
    writeFileSync(join(prefix, "consumer.ts"), `import { delayMs, renderScheduleChart } from "${pkg.name}";\nexport const d: number = delayMs({ baseMs: 100 }, 3);\nexport const r: typeof renderScheduleChart = renderScheduleChart;\n`);
    // No @types at all and no skipLibCheck: the declarations must stand on their own.
    const compilerOptions = { strict: true, noEmit: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", types: [], skipLibCheck: false };
    writeFileSync(join(prefix, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["consumer.ts"] }));
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const checked = spawnSync(process.execPath, [tsc, "-p", prefix], { cwd: prefix, encoding: "utf8" });
    expect(checked.stdout + checked.stderr).toBe("");
    expect(checked.status).toBe(0);
  }, 60_000);
});
