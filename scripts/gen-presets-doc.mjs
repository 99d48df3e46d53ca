// `npm run docs`: writes docs/presets.md from the preset registry (see scripts/presets-doc.ts).
import { writeFileSync } from "node:fs";
import { loadTs } from "./load-ts.mjs";

const { presetsMarkdown } = await loadTs("scripts/presets-doc.ts");
writeFileSync("docs/presets.md", presetsMarkdown());
process.stdout.write("wrote docs/presets.md\n");
