// Loads a TypeScript module from scripts/ in plain Node 20 (which cannot run .ts itself):
// esbuild bundles it in memory, and the bundle is imported from a data: URL.
import { build } from "esbuild";

/** @param {string} entry */
export async function loadTs(entry) {
  // A CommonJS dependency bundled into ESM (yaml) requires Node's built-ins: the banner gives the bundle a require.
  const banner = { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(process.cwd() + "/");' };
  const result = await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", target: "node20", write: false, logLevel: "warning", banner });
  const code = /** @type {import("esbuild").OutputFile} */ (result.outputFiles?.[0]).text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}
