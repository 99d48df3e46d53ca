import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, posix } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/paths.js";

/**
 * The layering of src/: cli → config, presets, format → core; config, presets and format
 * import core alone (format and presets never each other), nothing below imports anything
 * above it, the core and config are pure, a command keeps to its folder, and only
 * bin/backoff.js touches `process`. Every expectation names its rule, so a failure says
 * which one broke. Each file under src/ is read as text and parsed (never imported),
 * so a comment that names a module, a clock or a flag is not mistaken for code.
 */

const SRC = join(ROOT, "src");

interface Source {
  /** Relative to src/, with forward slashes: "core/jitter/index.ts". */
  readonly path: string;
  /** The folder right under src/: core, config, format, presets or cli ("" for src/index.ts). */
  readonly layer: string;
  readonly ast: ts.SourceFile;
  readonly text: string;
}

const SOURCES: readonly Source[] = readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => {
    const path = file.split(/[\\/]/).join("/");
    const text = readFileSync(join(SRC, file), "utf8");
    return { path, layer: path.includes("/") ? path.slice(0, path.indexOf("/")) : "", ast: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true), text };
  })
  .sort((a, b) => a.path.localeCompare(b.path));

const inLayer = (layer: string) => SOURCES.filter((source) => source.layer === layer);

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

const lineOf = (source: Source, node: ts.Node) => source.ast.getLineAndCharacterOfPosition(node.getStart(source.ast)).line + 1;

/** Every module a file names: static imports and re-exports, `import("…")` calls and types, `require("…")`. */
function importsOf(source: Source): string[] {
  const specifiers: string[] = [];
  walk(source.ast, (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))) {
      const [argument] = node.arguments;
      specifiers.push(argument && ts.isStringLiteralLike(argument) ? argument.text : `<computed ${node.getText(source.ast)}>`);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
  });
  return specifiers;
}

/** The layer a relative import lands in (core, config, format, presets, cli), or null for a package. */
function targetLayer(source: Source, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const target = posix.normalize(posix.join(posix.dirname(source.path), specifier));
  return target.startsWith("../") ? `outside src (${target})` : target.includes("/") ? target.slice(0, target.indexOf("/")) : "";
}

const isNodeBuiltin = (specifier: string) => specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0]!);

/** "path: specifier" for each import of the given files that `forbidden` rejects. */
function importViolations(sources: readonly Source[], forbidden: (source: Source, specifier: string) => boolean): string[] {
  return sources.flatMap((source) => importsOf(source).filter((specifier) => forbidden(source, specifier)).map((specifier) => `${source.path}: ${specifier}`));
}

/** An identifier that refers to a variable (a global such as `Date`), not a property or member name. */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) {
    // globalThis.process, globalThis.Date: the name is the global.
    return ts.isIdentifier(parent.expression) && parent.expression.text === "globalThis";
  }
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent) || ts.isMethodSignature(parent)) && parent.name === node) return false;
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  return true;
}

/** "path:line: text" for each reference to one of the given globals. */
function globalUses(sources: readonly Source[], names: readonly string[]): string[] {
  return sources.flatMap((source) => {
    const found: string[] = [];
    walk(source.ast, (node) => {
      if (ts.isIdentifier(node) && names.includes(node.text) && isReference(node)) found.push(`${source.path}:${lineOf(source, node)}: ${node.parent.getText(source.ast)}`);
    });
    return found;
  });
}

/** "path:line" for each call of Math.random (randomness is injected as a RandomSource). */
function mathRandomCalls(sources: readonly Source[]): string[] {
  return sources.flatMap((source) => {
    const found: string[] = [];
    walk(source.ast, (node) => {
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Math" && node.name.text === "random") found.push(`${source.path}:${lineOf(source, node)}`);
    });
    return found;
  });
}

describe("src/ has the five layers the rules below speak of", () => {
  it("core, config, format, presets and cli each hold files, and nothing else sits under src/ but index.ts", () => {
    expect(new Set(SOURCES.map((source) => source.layer))).toEqual(new Set(["", "core", "config", "format", "presets", "cli"]));
    for (const layer of ["core", "config", "format", "presets", "cli"]) expect(inLayer(layer).length).toBeGreaterThan(3);
    // The walk finds imports at all (a parser that saw none would pass every rule).
    expect(importsOf(inLayer("cli").find((source) => source.path === "cli/run.ts")!).length).toBeGreaterThan(5);
  });
});

/**
 * What each layer may import from src/ besides itself (packages are not layers: format
 * takes chalk's types). cli may import every layer, and only src/index.ts imports cli.
 */
const LAYER_RULES = [
  { layer: "core", may: [], rule: "src/core imports nothing above it (no config, presets, format, cli or src/index.ts)" },
  { layer: "presets", may: ["core"], rule: "src/presets imports src/core only (a preset knows no renderer and no command line)" },
  { layer: "format", may: ["core"], rule: "src/format imports src/core only (a renderer takes plain data: core's types, never a preset module or the CLI)" },
] as const;

describe("each layer imports only the layers below it", () => {
  for (const { layer, may, rule } of LAYER_RULES) {
    it(rule, () => {
      const allowed: readonly string[] = [layer, ...may];
      expect(
        importViolations(inLayer(layer), (source, specifier) => {
          const target = targetLayer(source, specifier);
          return target !== null && !allowed.includes(target);
        }),
        rule,
      ).toEqual([]);
    });
  }

  it("src/format and src/presets never import each other", () => {
    const rule = "src/format and src/presets never import each other (both stand on src/core)";
    const across = [
      ...importViolations(inLayer("format"), (source, specifier) => targetLayer(source, specifier) === "presets"),
      ...importViolations(inLayer("presets"), (source, specifier) => targetLayer(source, specifier) === "format"),
    ];
    expect(across, rule).toEqual([]);
  });

  it("the rules see every layer (cli imports each; a walk that placed no import would pass them all)", () => {
    const reached = new Set(inLayer("cli").flatMap((source) => importsOf(source).map((specifier) => targetLayer(source, specifier))));
    for (const layer of ["core", "config", "presets", "format", "cli"]) expect(reached).toContain(layer);
  });
});

describe("src/core is pure", () => {
  it("imports no Node built-in", () => {
    expect(importViolations(inLayer("core"), (_, specifier) => isNodeBuiltin(specifier)), "src/core imports no Node built-in").toEqual([]);
  });

  it("reads no clock, no process and no Math.random (randomness is injected)", () => {
    expect(globalUses(inLayer("core"), ["Date", "process", "performance"]), "src/core reads no clock and no process").toEqual([]);
    expect(mathRandomCalls(inLayer("core")), "src/core calls no Math.random: randomness comes in as a RandomSource").toEqual([]);
  });
});

describe("src/config is pure and sits on the core alone", () => {
  it("imports no Node built-in", () => {
    expect(importViolations(inLayer("config"), (_, specifier) => isNodeBuiltin(specifier)), "config is pure: no node:* module").toEqual([]);
  });

  it("imports from src/ only core and itself, and no command-line package", () => {
    const violations = importViolations(inLayer("config"), (source, specifier) => {
      const layer = targetLayer(source, specifier);
      return layer === null ? specifier === "commander" || specifier.startsWith("commander/") : layer !== "core" && layer !== "config";
    });
    expect(violations, "config imports core only (and packages such as yaml, never commander or the CLI's Io)").toEqual([]);
  });

  it("reads no clock, no process and no Math.random", () => {
    expect(globalUses(inLayer("config"), ["Date", "process", "performance"]), "config is pure: no process, no clock").toEqual([]);
    expect(mathRandomCalls(inLayer("config")), "config is pure: no Math.random").toEqual([]);
  });

  it("nothing below the CLI imports config: core, format and presets know no configuration file", () => {
    const violations = importViolations([...inLayer("core"), ...inLayer("format"), ...inLayer("presets")], (source, specifier) => targetLayer(source, specifier) === "config");
    expect(violations, "config sits above core and beside format and presets: only cli imports it").toEqual([]);
  });
});

describe("presets know no command line", () => {
  it("src/presets words no command-line flag: the CLI names its own options", () => {
    const flagTexts = inLayer("presets").flatMap((source) => {
      const found: string[] = [];
      walk(source.ast, (node) => {
        const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node);
        if (literal && /--[a-z]/.test(node.text)) found.push(`${source.path}:${lineOf(source, node)}: ${node.getText(source.ast)}`);
      });
      return found;
    });
    expect(flagTexts, "src/presets words no command-line flag (a PresetError names the parameter; the CLI words it with its flags)").toEqual([]);
  });
});

/** The folder under src/cli/ a path is in ("schedule", "shared"), or null for src/cli/*.ts itself and for other layers. */
function cliFolder(path: string): string | null {
  const match = /^cli\/([^/]+)\//.exec(path);
  return match ? match[1]! : null;
}

/** Where a relative import lands, relative to src/ ("cli/shared/io.js"), or null for a package. */
const importTarget = (source: Source, specifier: string) => (specifier.startsWith(".") ? posix.normalize(posix.join(posix.dirname(source.path), specifier)) : null);

describe("each command keeps to its folder", () => {
  const RULE = "no src/cli/<a>/ file imports from src/cli/<b>/ (a command's folder is its own; what several commands use lives in src/cli/shared/, which imports no command's folder)";

  it(RULE, () => {
    const crossings = importViolations(inLayer("cli"), (source, specifier) => {
      const from = cliFolder(source.path);
      const target = importTarget(source, specifier);
      const to = target === null ? null : cliFolder(target);
      return from !== null && to !== null && to !== from && to !== "shared";
    });
    expect(crossings, RULE).toEqual([]);
  });

  it("the rule sees command folders and shared/ (a walk that found no folder would pass it)", () => {
    const folders = new Set(inLayer("cli").map((source) => cliFolder(source.path)));
    for (const folder of ["shared", "schedule", "check", "compare", "solve", "simulate"]) expect(folders).toContain(folder);
    const check = inLayer("cli").find((source) => source.path === "cli/check/action.ts")!;
    expect(importsOf(check).map((specifier) => cliFolder(importTarget(check, specifier) ?? ""))).toContain("shared");
  });
});

describe("renderers are loaded by name, from the format registry", () => {
  const RULE =
    "a renderer (src/format/formats/<output>/<format>.ts) is imported only by src/format/registry.ts, with import(): a static import would put it on the start-up path of every format (scripts/build.js splits the bundles at those import() calls)";

  /** "path: specifier" for every import of a renderer file, and whether it is the registry's import(). */
  const rendererImports = SOURCES.flatMap((source) => {
    const found: { readonly at: string; readonly byName: boolean }[] = [];
    walk(source.ast, (node) => {
      const dynamic = ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const literal = dynamic ? node.arguments[0] : (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) ? node.moduleSpecifier : undefined;
      if (literal === undefined || !ts.isStringLiteralLike(literal)) return;
      if (!(importTarget(source, literal.text) ?? "").startsWith("format/formats/")) return;
      found.push({ at: `${source.path}: ${literal.text}`, byName: dynamic && source.path === "format/registry.ts" });
    });
    return found;
  });

  it(RULE, () => {
    expect(rendererImports.filter((entry) => !entry.byName).map((entry) => entry.at), RULE).toEqual([]);
  });

  it("the rule sees the registry's lines (a walk that found none would pass it)", () => {
    expect(rendererImports.filter((entry) => entry.byName).length).toBeGreaterThan(20);
  });
});

describe("only bin/backoff.js touches process", () => {
  it("no file under src/ mentions process. or refers to process", () => {
    const rule = "only bin/backoff.js touches process: src/ gets argv, streams and environment through run(argv, io)";
    expect(SOURCES.filter((source) => /\bprocess\./.test(source.text)).map((source) => source.path), rule).toEqual([]);
    expect(globalUses(SOURCES, ["process"]), rule).toEqual([]);
  });

  it("bin/backoff.js does (the check above can see it)", () => {
    expect(readFileSync(join(ROOT, "bin/backoff.js"), "utf8")).toMatch(/\bprocess\./);
  });
});

describe("the lazy bundles stay lazy (dist/ is built by the global setup)", () => {
  /**
   * Runs the CLI from dist/cli.cjs the way bin/backoff.js does, with in-memory streams,
   * and reports the exit code, the output and the bundles Node loaded (require.cache).
   */
  function loadedBundles(argv: readonly string[]): { code: number; stdout: string; stderr: string; bundles: string[] } {
    const script = `
      const path = require("node:path");
      const dist = path.join(process.cwd(), "dist");
      const { run } = require(path.join(dist, "cli.cjs"));
      const out = { text: "" };
      const err = { text: "" };
      const stream = (sink) => ({ write: (chunk) => ((sink.text += chunk), true), once: () => undefined, isTTY: false });
      run(JSON.parse(process.argv[1]), { stdout: stream(out), stderr: stream(err), env: {} }).then((code) => {
        const bundles = Object.keys(require.cache).filter((file) => path.dirname(file) === dist).map((file) => path.basename(file)).sort();
        process.stdout.write(JSON.stringify({ code, stdout: out.text, stderr: err.text, bundles }));
      });`;
    const result = spawnSync(process.execPath, ["-e", script, JSON.stringify(argv)], { cwd: ROOT, encoding: "utf8" });
    expect(result.stderr).toBe("");
    return JSON.parse(result.stdout);
  }

  it("--format csv loads cli.cjs alone: neither the table, the pictures nor the commands bundle", () => {
    const { code, stdout, stderr, bundles } = loadedBundles(["--attempts", "3", "--format", "csv"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    // 1 s, 2 s, 4 s; totals 1, 3, 7 s; the linear comparison 1, 2, 3 s (totals 1, 3, 6 s).
    expect(stdout).toBe("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,1000,1000,1000,1000,1000\n2,2000,2000,3000,2000,3000\n3,4000,4000,7000,3000,6000\n");
    expect(bundles).toEqual(["cli.cjs"]);
  });

  it("while a table loads table.cjs and a subcommand commands.cjs (the cache shows what is loaded)", () => {
    expect(loadedBundles(["--attempts", "3"]).bundles).toEqual(["cli.cjs", "table.cjs"]);
    const check = loadedBundles(["check", "--attempts", "3", "--max-total", "1h"]);
    expect(check.code).toBe(0);
    expect(check.bundles).toContain("commands.cjs");
  });

  it("dist/files.cjs (check PATH and each of its workers) holds neither commander nor the schedule's output", () => {
    // Markers: commander's error codes ("commander.unknownOption", …) and the schedule output's
    // refusal of a picture too long to draw. dist/cli.cjs holds both, so the markers are real.
    const markers = (bundle: string) => {
      const text = readFileSync(join(ROOT, "dist", bundle), "utf8");
      return { commander: /commander\.[a-z]/i.test(text), scheduleOutput: text.includes("draws at most") };
    };
    expect(markers("cli.cjs")).toEqual({ commander: true, scheduleOutput: true });
    expect(markers("files.cjs"), "the check workers load only what checking needs").toEqual({ commander: false, scheduleOutput: false });
  });
});
