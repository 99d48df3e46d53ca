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

/** How a file names a module: each of them loads it, or needs its declarations to compile. */
type ImportKind = "import" | "import type" | "export from" | "export type from" | "import()" | "import(…) type" | "require";

interface ModuleReference {
  readonly specifier: string;
  readonly kind: ImportKind;
  readonly line: number;
}

/** Every module a file names: static imports and re-exports (type-only too), `import("…")` calls and types, `require("…")`. */
function referencesOf(source: Source): ModuleReference[] {
  const found: ModuleReference[] = [];
  walk(source.ast, (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
      const kind = ts.isImportDeclaration(node) ? (typeOnly ? "import type" : "import") : typeOnly ? "export type from" : "export from";
      found.push({ specifier: node.moduleSpecifier.text, kind, line: lineOf(source, node) });
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))) {
      const [argument] = node.arguments;
      const specifier = argument && ts.isStringLiteralLike(argument) ? argument.text : `<computed ${node.getText(source.ast)}>`;
      found.push({ specifier, kind: node.expression.kind === ts.SyntaxKind.ImportKeyword ? "import()" : "require", line: lineOf(source, node) });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, kind: "import(…) type", line: lineOf(source, node) });
    }
  });
  return found;
}

/** Every module a file names (see referencesOf). */
function importsOf(source: Source): string[] {
  return referencesOf(source).map((reference) => reference.specifier);
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

/** "path:line: text" for each string or template piece of the given files that words a command-line flag (comments are not code). */
function flagTexts(sources: readonly Source[]): string[] {
  return sources.flatMap((source) => {
    const found: string[] = [];
    walk(source.ast, (node) => {
      const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node);
      if (literal && /--[a-z]/.test(node.text)) found.push(`${source.path}:${lineOf(source, node)}: ${node.getText(source.ast)}`);
    });
    return found;
  });
}

describe("presets know no command line", () => {
  it("src/presets words no command-line flag: the CLI names its own options", () => {
    expect(flagTexts(inLayer("presets")), "src/presets words no command-line flag (a PresetError names the parameter; the CLI words it with its flags)").toEqual([]);
  });
});

describe("the check report's formats know no command line (issue 35, item 1)", () => {
  const formats = inLayer("format").filter((source) => source.path.startsWith("format/formats/check/"));

  it("no file of src/format/formats/check/ words a command-line flag: the CLI says which flag gave what", () => {
    expect(formats.length).toBeGreaterThanOrEqual(6);
    expect(flagTexts(formats), "a check format renders the report's model; the flags are the CLI's words").toEqual([]);
  });

  it("the rule sees a flag where one is worded (a finder that saw none would pass it)", () => {
    const sample: Source = { path: "format/x.ts", layer: "format", ast: ts.createSourceFile("x.ts", 'const a = "--strict";\nconst b = `${a} --format csv`;\n// --not-code\n', ts.ScriptTarget.Latest, true), text: "" };
    expect(flagTexts([sample])).toEqual(['format/x.ts:1: "--strict"', "format/x.ts:2: } --format csv`"]);
  });
});

describe("no source file is too long to read (issue 35, item 1)", () => {
  const MAX_LINES = 520;
  /** Lines as wc -l counts them, and a last line that lacks its line break (which wc -l leaves out) too. */
  const lineCount = (text: string) => (text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0));

  it(`no file under src/ is over ${MAX_LINES} lines: a longer one is split by concern`, () => {
    const long = SOURCES.filter((source) => lineCount(source.text) > MAX_LINES).map((source) => `src/${source.path}: ${lineCount(source.text)} lines`);
    expect(long, `split each by concern to ${MAX_LINES} lines at most`).toEqual([]);
  });

  it("counts lines as wc -l does (a count that saw none would pass it)", () => {
    expect([lineCount("a\nb\n"), lineCount("a\nb"), lineCount("")]).toEqual([2, 2, 0]);
    expect(Math.max(...SOURCES.map((source) => lineCount(source.text)))).toBeGreaterThan(MAX_LINES / 2);
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

  it("src/cli/shared keeps to plumbing: at most 1,400 lines, its sub-folders included (a command's own work goes to its folder, a reader of text to src/config)", () => {
    const shared = inLayer("cli").filter((source) => source.path.startsWith("cli/shared/"));
    const lines = shared.reduce((sum, source) => sum + (source.text.match(/\n/g) ?? []).length, 0);
    expect(shared.length).toBeGreaterThan(10);
    expect(lines, `src/cli/shared holds ${lines} lines`).toBeLessThanOrEqual(1400);
  });
});

/** An import between two files of src/: who names whom, how, and on which line. */
interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: ImportKind;
  readonly line: number;
}

/** The file under src/ a relative specifier names ("cli/shared/io.ts"; a folder's index.ts), or null when it names none. */
function importedFile(source: Source, specifier: string, paths: ReadonlySet<string>): string | null {
  const target = importTarget(source, specifier);
  if (target === null) return null;
  const file = target.replace(/\.js$/, ".ts");
  if (paths.has(file)) return file;
  return paths.has(`${target}/index.ts`) ? `${target}/index.ts` : null;
}

/** Every import between the given files, of every kind (static, type-only, re-exports, import(), require), per importing file. */
function importGraph(sources: readonly Source[]): Map<string, ImportEdge[]> {
  const paths = new Set(sources.map((source) => source.path));
  return new Map(
    sources.map((source) => [
      source.path,
      referencesOf(source).flatMap(({ specifier, kind, line }) => {
        const to = importedFile(source, specifier, paths);
        return to === null ? [] : [{ from: source.path, to, kind, line }];
      }),
    ]),
  );
}

/**
 * The import circles of a graph: each set of files that reach one another through imports
 * (a strongly connected component of two files or more, by Tarjan's algorithm), and each
 * file that imports itself; files sorted within a circle, circles by their first file.
 */
function circlesOf(graph: ReadonlyMap<string, readonly ImportEdge[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const { to } of graph.get(file) ?? []) {
      if (!order.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, order.get(to)!));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).some((edge) => edge.to === file)) circles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!order.has(file)) visit(file);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A circle in words: its files, then each import that closes it ("path:line kind target"), any of which to cut. */
function circleText(circle: readonly string[], graph: ReadonlyMap<string, readonly ImportEdge[]>): string {
  const inside = circle.flatMap((file) => (graph.get(file) ?? []).filter((edge) => circle.includes(edge.to)));
  return `${circle.join(" ↔ ")}: ${inside.map((edge) => `${edge.from}:${edge.line} ${edge.kind} ${edge.to}`).join("; ")}`;
}

describe("no import circle", () => {
  const RULE =
    "no import circle anywhere in src/, through static, type-only or dynamic import() edges alike: a type or constant both sides need goes in a file both import downward (a command's options type and defaults beside command.ts and action.ts, a row's type in its own file)";
  const graph = importGraph(SOURCES);

  it(RULE, () => {
    expect(circlesOf(graph).map((circle) => circleText(circle, graph)), RULE).toEqual([]);
  });

  it("every import names its module literally, and each relative one a file (an edge the rule cannot place would escape it)", () => {
    const paths = new Set(SOURCES.map((source) => source.path));
    const unplaced = SOURCES.flatMap((source) =>
      referencesOf(source)
        .filter(({ specifier }) => specifier.startsWith("<computed") || (specifier.startsWith(".") && importedFile(source, specifier, paths) === null && !importTarget(source, specifier)!.startsWith("../")))
        .map(({ specifier, line }) => `${source.path}:${line}: ${specifier}`),
    );
    expect(unplaced, "each import() and require() names a literal module; each relative import a file under src/ (or outside it, as package.json)").toEqual([]);
  });

  it("the rule sees every kind of edge and names the files of each circle (a finder that saw none would pass it)", () => {
    const file = (path: string, text: string): Source => ({ path, layer: path.slice(0, path.indexOf("/")), ast: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true), text });
    const sample = [
      // A command loading its action with import(), the action importing a type whose file names the command in an import("…") type.
      file("a/command.ts", 'export async function run() {\n  return (await import("./action.js")).act();\n}'),
      file("a/action.ts", 'import type { Options } from "./options.js";\nexport function act(options?: Options) {}'),
      file("a/options.ts", 'export interface Options {\n  readonly run: typeof import("./command.js").run;\n}'),
      // A folder's index re-exporting a file that imports the index back.
      file("b/index.ts", 'export { y } from "./y.js";'),
      file("b/y.ts", 'import { x } from "./index.js";\nexport const y = 1;'),
      // A file importing itself; and files with imports but no circle.
      file("c/self.ts", 'export * from "../c/self.js";'),
      file("d/top.ts", 'import { leaf } from "./leaf.js";\nimport { y } from "../b/y.js";'),
      file("d/leaf.ts", 'export type { Options } from "../a/options.js";\nexport const leaf = 1;'),
    ];
    const sampleGraph = importGraph(sample);
    expect(circlesOf(sampleGraph)).toEqual([["a/action.ts", "a/command.ts", "a/options.ts"], ["b/index.ts", "b/y.ts"], ["c/self.ts"]]);
    expect(circlesOf(sampleGraph).map((circle) => circleText(circle, sampleGraph))).toEqual([
      "a/action.ts ↔ a/command.ts ↔ a/options.ts: a/action.ts:1 import type a/options.ts; a/command.ts:2 import() a/action.ts; a/options.ts:2 import(…) type a/command.ts",
      "b/index.ts ↔ b/y.ts: b/index.ts:1 export from b/y.ts; b/y.ts:1 import b/index.ts",
      "c/self.ts: c/self.ts:1 export from c/self.ts",
    ]);
    expect(sampleGraph.get("d/leaf.ts")).toEqual([{ from: "d/leaf.ts", to: "a/options.ts", kind: "export type from", line: 1 }]);
    // And src/ itself has edges of each kind that can close a circle.
    const kinds = new Set([...graph.values()].flat().map((edge) => edge.kind));
    for (const kind of ["import", "import type", "export from", "import()"] as const) expect(kinds).toContain(kind);
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

/**
 * The functions a renderer's `render` only forwards to: its body gives `{ pieces: f(…) }` or
 * `{ pieces: [f(…)] }`, or chooses between two such calls (`a ? f(…) : g(…)`), after awaiting
 * a paint at most, and f (g) is imported from another file under src/. Empty for a renderer
 * that lays out anything itself.
 */
function forwardedTo(source: Source): { readonly name: string; readonly from: string }[] {
  const imported = new Map<string, string>();
  for (const statement of source.ast.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.importClause?.isTypeOnly) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) imported.set(element.name.text, statement.moduleSpecifier.text);
  }
  const found: { name: string; from: string }[] = [];
  walk(source.ast, (node) => {
    if (!((ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node)) && ts.isIdentifier(node.name) && node.name.text === "render")) return;
    const fn = ts.isPropertyAssignment(node) ? node.initializer : node;
    if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isMethodDeclaration(fn)) || fn.body === undefined) return;
    // The value it gives: an arrow's expression, or a block of `const x = await context.paint();` lines then one return.
    let given: ts.Expression | undefined;
    if (!ts.isBlock(fn.body)) given = fn.body;
    else {
      const statements = fn.body.statements;
      const last = statements[statements.length - 1];
      const onlyPaint = statements.slice(0, -1).every((statement) => ts.isVariableStatement(statement) && /await context\.paint\(\)/.test(statement.getText(source.ast)));
      if (last && ts.isReturnStatement(last) && onlyPaint) given = last.expression;
    }
    while (given && ts.isParenthesizedExpression(given)) given = given.expression;
    if (!given || !ts.isObjectLiteralExpression(given)) return;
    const pieces = given.properties.find((property) => ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === "pieces");
    if (!pieces || !ts.isPropertyAssignment(pieces)) return;
    let value = pieces.initializer;
    if (ts.isArrayLiteralExpression(value) && value.elements.length === 1) value = value.elements[0]!;
    const calls = ts.isConditionalExpression(value) ? [value.whenTrue, value.whenFalse] : [value];
    const callees = calls.map((call) => (ts.isCallExpression(call) && ts.isIdentifier(call.expression) ? call.expression.text : null));
    if (callees.some((name) => name === null || !(imported.get(name) ?? "").startsWith("."))) return;
    for (const name of callees) found.push({ name: name!, from: imported.get(name!)! });
  });
  return found;
}

describe("no forwarding renderers (issue 35, item 6)", () => {
  const RULE =
    "a renderer (src/format/formats/<output>/<format>.ts) whose render only hands on another file's function holds that function itself, unless other files use it too (other formats or outputs, or the library's exports in src/index.ts): the document's code lives in its renderer's file, and its tests in the renderer's twin";
  const renderers = SOURCES.filter((source) => source.path.startsWith("format/formats/"));
  /** Every file under src/ that imports `name` from `file` (re-exports included). */
  const importersOf = (file: string, name: string) =>
    SOURCES.filter((other) =>
      other.ast.statements.some((statement) => {
        if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) return false;
        if (importTarget(other, statement.moduleSpecifier.text)?.replace(/\.js$/, ".ts") !== file) return false;
        const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
        return bindings !== undefined && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)) && bindings.elements.some((element) => (element.propertyName ?? element.name).text === name);
      }),
    ).map((other) => other.path);

  it(RULE, () => {
    const forwarding = renderers.flatMap((source) =>
      forwardedTo(source).flatMap((target) => {
        const file = importTarget(source, target.from)!.replace(/\.js$/, ".ts");
        return importersOf(file, target.name).length === 1 ? [`src/${source.path}: render only calls ${target.name} (src/${file}), which nothing else imports`] : [];
      }),
    );
    expect(forwarding, RULE).toEqual([]);
  });

  it("the rule sees a renderer that forwards (a finder that saw none would pass it)", () => {
    const sample = (text: string): Source => ({ path: "format/formats/x/y.ts", layer: "format", ast: ts.createSourceFile("y.ts", text, ts.ScriptTarget.Latest, true), text });
    const head = 'import { drawIt } from "../../drawing.js";\nimport type { Renderers } from "../../renderer.js";\n';
    const drawIt = { name: "drawIt", from: "../../drawing.js" };
    expect(forwardedTo(sample(`${head}export const renderer = { render: (data) => ({ pieces: [drawIt(data)] }) };`))).toEqual([drawIt]);
    expect(forwardedTo(sample(`${head}export const renderer = {\n  async render(data, context) {\n    const paint = await context.paint();\n    return { pieces: drawIt(data, paint, context.width) };\n  },\n};`))).toEqual([drawIt]);
    // A choice between two (presets/table.ts's list or one preset, before item 6).
    const two = 'import { listIt, oneIt } from "../../list.js";\nexport const renderer = { render: ({ chosen }) => ({ pieces: [chosen === null ? listIt() : oneIt(chosen)] }) };';
    expect(forwardedTo(sample(two))).toEqual([{ name: "listIt", from: "../../list.js" }, { name: "oneIt", from: "../../list.js" }]);
    // Laying anything out itself (a hint after the call, its own rows) is not forwarding.
    expect(forwardedTo(sample(`${head}export const renderer = {\n  render(data) {\n    const pieces = [drawIt(data)];\n    pieces.push("hint");\n    return { pieces };\n  },\n};`))).toEqual([]);
    expect(forwardedTo(sample(`${head}export const renderer = { render: (data) => ({ pieces: [\`\${drawIt(data)}\\n\`] }) };`))).toEqual([]);
    // Today's renderers: some still hand on a function that other files use too, as compare's CSV and
    // TSV share renderCompareDelimited (which renderer does may change: a format growing an option of
    // its own stops forwarding, so only this structural pair is named).
    const handing = renderers.filter((source) => forwardedTo(source).length > 0).map((source) => source.path);
    expect(handing).toContain("format/formats/compare/csv.ts");
    expect(importersOf("format/compare.ts", "renderCompareDelimited").sort()).toEqual(["format/formats/compare/csv.ts", "format/formats/compare/tsv.ts"]);
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

  it("simulate loads dist/simulate.cjs, not the commands bundle (issue 40, item 3: the OCC experiment's start)", () => {
    const occ = loadedBundles(["simulate", "--model", "occ", "--clients", "3", "--runs", "2", "--format", "csv"]);
    expect(occ.code).toBe(0);
    expect(occ.bundles).toEqual(["cli.cjs", "simulate.cjs"]);
    expect(loadedBundles(["simulate", "--model", "capacity", "--duration", "2s", "--expected", "--format", "json"]).bundles).toEqual(["cli.cjs", "simulate.cjs"]);
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
