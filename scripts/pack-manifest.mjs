// The package.json that goes into the tarball carries no install-time script.
//
// `prepare` builds dist/ for a clone (`npm install` in a checkout), but npm also runs or
// flags it when a tarball is installed: `npm install -g ./backoff-calculator-*.tgz` printed
// npm's install-scripts warning about it on every install, though the tarball already holds
// the built dist/. So `prepack` strips the install-time scripts from package.json just before
// npm reads the files into the tarball, and `postpack` puts the file back byte for byte
// (typicode/pinst does the same for husky's postinstall).
//
//   node scripts/pack-manifest.mjs strip     (prepack, after the build)
//   node scripts/pack-manifest.mjs restore   (postpack)
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

const MANIFEST = "package.json";
const SAVED = ".package.json.before-pack";
/** The scripts npm runs when a package is installed (npm docs, "scripts": life cycle). */
const INSTALL_TIME = ["preinstall", "install", "postinstall", "prepare"];

const [command] = process.argv.slice(2);
if (command === "strip") {
  const text = readFileSync(MANIFEST, "utf8");
  if (!existsSync(SAVED)) writeFileSync(SAVED, text);
  const manifest = JSON.parse(text);
  for (const name of INSTALL_TIME) delete manifest.scripts?.[name];
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
} else if (command === "restore") {
  if (existsSync(SAVED)) renameSync(SAVED, MANIFEST);
} else {
  console.error("usage: node scripts/pack-manifest.mjs strip|restore");
  process.exit(2);
}
