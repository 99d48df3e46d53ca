// Builds what the package ships: the CLI as one ESM bundle (dist/cli.js, with the
// table renderer split off so the machine formats never load chalk or cli-table3),
// and the typed library (dist/lib, from tsc) behind dist/index.js.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
rmSync("dist", { recursive: true, force: true });

await build({
  entryPoints: { cli: "src/cli/run.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  chunkNames: "chunks/[name]-[hash]",
  // commander is CommonJS: give the ESM bundle a `require` for its built-in imports.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  legalComments: "none",
  logLevel: "warning",
});

execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json"], { stdio: "inherit" });
writeFileSync("dist/index.js", 'export * from "./lib/index.js";\n');
writeFileSync("dist/index.d.ts", 'export * from "./lib/index.js";\n');
