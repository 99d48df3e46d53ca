// `npm run docs`: writes the documentation generated from the registries: docs/presets.md
// from the preset registry (scripts/presets-doc.ts) and the table of shapes in
// docs/check-files.md from the shape registry (scripts/shapes-doc.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { loadTs } from "./load-ts.mjs";

const { presetsMarkdown } = await loadTs("scripts/presets-doc.ts");
writeFileSync("docs/presets.md", presetsMarkdown());
process.stdout.write("wrote docs/presets.md\n");

const { withShapesTable } = await loadTs("scripts/shapes-doc.ts");
writeFileSync("docs/check-files.md", withShapesTable(readFileSync("docs/check-files.md", "utf8")));
process.stdout.write("wrote the table of shapes in docs/check-files.md\n");
