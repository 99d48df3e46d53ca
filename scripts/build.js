// Builds what the package ships:
// - dist/cli.cjs: the CLI as one minified CommonJS bundle, required by bin/backoff.js;
// - dist/table.cjs: chalk and the table renderer, required only when a
//   table is drawn (the machine formats never load them);
// - dist/commands.cjs: every lazily imported CLI module (subcommands, config reading, the
//   HTML page writer with its script inlined), required when one of them runs;
// - dist/pictures.cjs: the chart and SVG renderers;
// - dist/page-script.js: the HTML page's script (src/format/html/page-script.ts and the core
//   it computes with) as one IIFE;
// - dist/*.cjs.cache: V8 code caches of those bundles (scripts/code-cache.js);
// - dist/lib (tsc) behind dist/index.js: the typed ESM library.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { relative, resolve, sep } from "node:path";

const require = createRequire(import.meta.url);
rmSync("dist", { recursive: true, force: true });

/**
 * Start-up trims that change no behaviour of backoff (found with `node --cpu-prof` and
 * process.moduleLoadList):
 * - commander requires node:child_process at load time (about 4 ms: it pulls in net,
 *   dgram and friends) but only spawns for executable subcommands, which backoff has
 *   none of; it gets the module on first use instead.
 * - yaml's CST parser reads process.env.LOG_TOKENS for every token, and its composer
 *   process.env.LOG_STREAM for every document (debugging switches of the library's own
 *   tests): each read is a call into the C++ environment, about a quarter of the parser's
 *   time on a tree of YAML files. backoff never sets them; they read as unset.
 * - chalk's bundled supports-color inspects the terminal at load time (node:tty, node:os,
 *   and with them net) to pick the level of its default instance. backoff never uses
 *   that instance: it builds `new Chalk({ level })` from its own colorLevel(), so the
 *   detection is replaced by "no colour" for the unused default.
 * - cli-table3 requires its optional @colors/colors only to paint with the style colours
 *   of its options, which backoff never passes: the cells come painted at the level
 *   decided from io, and src/format/table.ts paints the borders. So the package (with its
 *   own terminal detection, about 20 KB) stays out of the bundle; were it ever required,
 *   cli-table3 catches the failure and draws without colour.
 * - strip-ansi (under string-width, which cli-table3 measures every cell with, eight
 *   times a cell) builds its regular expression from a 200-character pattern at every
 *   call; it is built once instead. String.prototype.replace with a global expression
 *   starts from index 0 and leaves lastIndex at 0 whatever it held, so one shared
 *   expression gives the same result at every call.
 */
/** @type {import("esbuild").Plugin} */
const startupTrims = {
  name: "startup-trims",
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes("node_modules/commander/") ? { path: "lazy-child-process", namespace: "startup-trims" } : undefined,
    );
    build.onResolve({ filter: /^#supports-color$/ }, (args) =>
      args.importer.includes("node_modules/chalk/") ? { path: "no-supports-color", namespace: "startup-trims" } : undefined,
    );
    build.onResolve({ filter: /^@colors\/colors\/safe$/ }, (args) =>
      args.importer.includes("node_modules/cli-table3/") ? { path: "no-colors", namespace: "startup-trims" } : undefined,
    );
    build.onLoad({ filter: /^no-colors$/, namespace: "startup-trims" }, () => ({
      contents: 'throw new Error("@colors/colors is not bundled: backoff paints its tables itself");',
      loader: "js",
    }));
    build.onLoad({ filter: /node_modules[\\/]strip-ansi[\\/]index\.js$/ }, async (args) => {
      const { readFile } = await import("node:fs/promises");
      const source = await readFile(args.path, "utf8");
      const once = source.replace("string.replace(ansiRegex(), '')", "string.replace(ANSI, '')");
      if (once === source) throw new Error(`startup-trims: no per-call ansiRegex() left in ${args.path}; check the strip-ansi version`);
      return { contents: once.replace("module.exports =", "const ANSI = ansiRegex();\nmodule.exports ="), loader: "js" };
    });
    build.onLoad({ filter: /^lazy-child-process$/, namespace: "startup-trims" }, () => ({
      contents: `let real; const load = () => (real ??= require("node:child_process"));
module.exports = { spawn: (...args) => load().spawn(...args) };`,
      loader: "js",
    }));
    build.onLoad({ filter: /node_modules[\\/]yaml[\\/]dist[\\/](parse[\\/]parser|compose[\\/]composer)\.js$/ }, async (args) => {
      const { readFile } = await import("node:fs/promises");
      const source = await readFile(args.path, "utf8");
      const trimmed = source.replace(/node_process\.env\.LOG_(TOKENS|STREAM)/g, "undefined");
      if (trimmed === source) throw new Error(`startup-trims: no LOG_TOKENS/LOG_STREAM read left in ${args.path}; check the yaml version`);
      return { contents: trimmed, loader: "js" };
    });
    build.onLoad({ filter: /^no-supports-color$/, namespace: "startup-trims" }, () => ({
      contents: "export default { stdout: false, stderr: false };",
      loader: "js",
    }));
  },
};

/**
 * In the CLI bundle, chalk and src/format/table.ts (the box table) become a
 * `require("./table.cjs")` made when first used, and the chart
 * and SVG renderers a `require("./pictures.cjs")`, so their code is neither parsed nor
 * evaluated on the other paths. Every importer (the schedule, preset and simulate
 * tables, the herd chart) shares those copies. Modules are matched by the file they
 * resolve to, however the import is spelled.
 */
/** @type {Record<string, [string, string]>} */
const APART = { "src/format/table.ts": ["table", "table"], "src/format/chart.ts": ["pictures", "chart"], "src/format/svg.ts": ["pictures", "svg"] };
/** @param {{ resolveDir: string, path: string }} args */
const projectFile = (args) => relative(process.cwd(), resolve(args.resolveDir, args.path.replace(/\.js$/, ".ts"))).split(sep).join("/");
/** @type {import("esbuild").Plugin} */
const tableApart = {
  name: "table-apart",
  setup(build) {
    build.onResolve({ filter: /^chalk$/ }, () => ({ path: "table:chalk", namespace: "table-apart" }));
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const apart = APART[projectFile(args)];
      return apart ? { path: `${apart[0]}:${apart[1]}`, namespace: "table-apart" } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: "table-apart" }, (args) => {
      const [bundle, name] = args.path.split(":");
      return { contents: `module.exports = require("./${bundle}.cjs").${name};`, loader: "js" };
    });
  },
};

/**
 * Every `import()` of a CLI module (a command's action, config reading, a preset's
 * schedule) is lazy by construction: in the start-up bundle it becomes a
 * `require("./commands.cjs")` made when the command runs, and dist/commands.cjs holds
 * all of them. Commands are registered in src/cli/registry.ts; their `run` imports the
 * action, so a new command joins the lazy bundle without any list here. (That bundle
 * has its own copy of the small shared modules; run() recognises its UsageError by name.)
 */
/** @type {Map<string, string>} */
const lazyModules = new Map();
/** @param {string} file */
const exportName = (file) => file.replace(/^src\/cli\//, "").replace(/\.ts$/, "").replace(/[^A-Za-z0-9]/g, "_");
/**
 * Lazy modules with a bundle of their own, out of dist/commands.cjs: `check PATH` (file
 * discovery, the YAML parser and the recognisers, about 150 KB) is parsed only when files
 * are checked, not by every subcommand.
 */
/**
 * `simulate` (the herd models, with their renderers) has one too, dist/simulate.cjs: a run of
 * the OCC experiment, a fraction of a second, spent about a quarter of it reading the 800 KB
 * of every subcommand (issue 40, item 3).
 */
/** @type {Record<string, string>} */
const OWN_BUNDLES = { "src/cli/check/files.ts": "files", "src/cli/simulate/action.ts": "simulate" };
/** The outputs a bundle of its own writes (see renderersApart below). */
/** @type {Record<string, readonly string[]>} */
const OWN_BUNDLE_OUTPUTS = { files: ["check"], simulate: ["simulation", "occ", "capacity"] };
/** @param {string} file */
const bundleOf = (file) => OWN_BUNDLES[file] ?? "commands";
/**
 * In the lazy bundles themselves: the modules with a bundle of their own are kept apart,
 * and a bundle of its own takes what dist/commands.cjs holds from there (the page writer
 * the renderers' context can load, for one).
 */
/** @type {import("esbuild").Plugin} */
const ownApart = {
  name: "own-apart",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      const file = projectFile(args);
      const apart = OWN_BUNDLES[file] !== undefined || (build.initialOptions.outfile !== "dist/commands.cjs" && lazyModules.has(file) && file.startsWith("src/cli/"));
      return apart ? { path: file, namespace: "own-apart" } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: "own-apart" }, (args) => ({
      contents: `module.exports = require("./${bundleOf(args.path)}.cjs").${exportName(args.path)};`,
      loader: "js",
    }));
  },
};
/** @type {import("esbuild").Plugin} */
const commandsApart = {
  name: "commands-apart",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      const file = projectFile(args);
      if (!file.startsWith("src/cli/")) return undefined;
      if (bundleOf(file) === "commands") lazyModules.set(file, exportName(file));
      return { path: file, namespace: "commands-apart" };
    });
    build.onLoad({ filter: /.*/, namespace: "commands-apart" }, (args) => ({
      contents: `module.exports = require("./${bundleOf(args.path)}.cjs").${exportName(args.path)};`,
      loader: "js",
    }));
  },
};

/**
 * The renderers, src/format/formats/<output>/<format>.ts, are loaded by name from the format
 * registry (src/format/registry.ts) with import(). A bundle keeps those of the outputs it
 * writes and takes the others, never called there, from dist/commands.cjs, which holds
 * them all: the start-up bundle writes the schedule, dist/files.cjs the check reports. So
 * the csv path parses no other output's renderers, and a new renderer needs nothing here.
 */
const RENDERERS = "src/format/formats";
for (const file of readdirSync(RENDERERS, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
  const path = `${RENDERERS}/${file.split(sep).join("/")}`;
  lazyModules.set(path, exportName(path));
}
/** @param {readonly string[]} kept the outputs whose renderers stay in this bundle */
const renderersApart = (kept) => ({
  name: "renderers-apart",
  /** @param {import("esbuild").PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      const file = projectFile(args);
      const output = file.startsWith(`${RENDERERS}/`) ? file.slice(RENDERERS.length + 1).split("/")[0] : undefined;
      return output === undefined || kept.includes(output) ? undefined : { path: file, namespace: "renderers-apart" };
    });
    build.onLoad({ filter: /.*/, namespace: "renderers-apart" }, (args) => ({
      contents: `module.exports = require("./commands.cjs").${exportName(args.path)};`,
      loader: "js",
    }));
  },
});

/** @type {import("esbuild").BuildOptions} */
const common = {
  bundle: true,
  // CommonJS, loaded by a CommonJS bin/backoff.js: Node 20 starts an ES module entry
  // about 10% slower than a CommonJS one (the ESM loader's resolve/load/link jobs),
  // which alone would spend most of the 1.2x start-up budget.
  format: "cjs",
  platform: "node",
  target: "node20",
  // Less to read and parse at every start; identifiers too (nothing in backoff prints a
  // class or function name: errors are matched with instanceof, messages are our own).
  // BACKOFF_BUILD_READABLE=1 keeps names and layout, for `node --cpu-prof` sessions.
  minify: !process.env.BACKOFF_BUILD_READABLE,
  legalComments: "none",
  logLevel: "warning",
};

// The page's script runs in a browser: an IIFE for any browser with BigInt (the core's exact
// arithmetic), inlined into every page, so it is minified whatever BACKOFF_BUILD_READABLE says.
const pageScript = await build({
  entryPoints: ["src/format/html/page-script.ts"],
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2020",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  write: false,
});
const pageScriptText = /** @type {import("esbuild").OutputFile} */ (pageScript.outputFiles?.[0]).text;
mkdirSync("dist", { recursive: true });
// Read at run time by src/cli/shared/html-output.ts when running from source (the tests); the bundles inline it.
writeFileSync("dist/page-script.js", pageScriptText);
/** The page writer (src/cli/shared/html-output.ts) is imported lazily, so it lands in dist/commands.cjs. */
const pageDefine = { BACKOFF_PAGE_SCRIPT: JSON.stringify(pageScriptText), "import.meta.url": '""' };

await build({
  ...common,
  entryPoints: ["src/cli/run.ts"],
  outfile: "dist/cli.cjs",
  plugins: [startupTrims, tableApart, commandsApart, renderersApart(["schedule"])],
  external: ["./table.cjs", "./pictures.cjs", "./commands.cjs", ...Object.values(OWN_BUNDLES).map((b) => `./${b}.cjs`)],
});

await build({
  ...common,
  stdin: {
    contents: [...lazyModules].map(([file, name]) => `export * as ${name} from "./${file}";`).join("\n"),
    resolveDir: ".",
    sourcefile: "commands-entry.ts",
    loader: "ts",
  },
  outfile: "dist/commands.cjs",
  define: pageDefine,
  plugins: [startupTrims, tableApart, ownApart],
  external: ["./table.cjs", "./pictures.cjs", ...Object.values(OWN_BUNDLES).map((b) => `./${b}.cjs`)],
});

for (const [file, bundle] of Object.entries(OWN_BUNDLES)) {
  await build({
    ...common,
    stdin: { contents: `export * as ${exportName(file)} from "./${file}";`, resolveDir: ".", sourcefile: `${bundle}-entry.ts`, loader: "ts" },
    outfile: `dist/${bundle}.cjs`,
    plugins: [startupTrims, tableApart, ownApart, renderersApart(OWN_BUNDLE_OUTPUTS[bundle] ?? [])],
    external: ["./table.cjs", "./pictures.cjs", "./commands.cjs", ...Object.values(OWN_BUNDLES).map((b) => `./${b}.cjs`)],
  });
}

await build({
  ...common,
  stdin: {
    contents: 'export * as chalk from "chalk"; export * as table from "./src/format/table.ts";',
    resolveDir: ".",
    sourcefile: "table-entry.ts",
    loader: "ts",
  },
  outfile: "dist/table.cjs",
  plugins: [startupTrims],
});

await build({
  ...common,
  stdin: {
    contents: 'export * as chart from "./src/format/chart.ts"; export * as svg from "./src/format/svg.ts";',
    resolveDir: ".",
    sourcefile: "pictures-entry.ts",
    loader: "ts",
  },
  outfile: "dist/pictures.cjs",
  plugins: [startupTrims],
});

// V8 code caches for the bundles (see bin/code-cache.js), each made in a process of its own.
for (const which of ["table", "commands", "simulate"]) execFileSync(process.execPath, ["scripts/code-cache.js", which], { stdio: "inherit" });

// The typed library: not needed by the command itself, so the GitHub Action, which only runs
// the command, builds without it (BACKOFF_BUILD_CLI_ONLY=1, scripts/action-release.mjs).
if (process.env["BACKOFF_BUILD_CLI_ONLY"] !== "1") {
  execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json"], { stdio: "inherit" });
  writeFileSync("dist/index.js", 'export * from "./lib/index.js";\n');
  writeFileSync("dist/index.d.ts", 'export * from "./lib/index.js";\n');
}
