// `npm run docs`: writes the documentation generated from the registries: docs/presets.md
// from the preset registry (scripts/presets-doc.ts), the table of shapes in
// docs/check-files.md from the shape registry (scripts/shapes-doc.ts), and the config file's
// JSON Schema from the config reader's declarations (scripts/config-schema.ts), and backoff's
// repository where the docs, the Action and the scripts name it, from package.json's
// `repository` (scripts/repository-doc.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { loadTs } from "./load-ts.mjs";

const { presetsMarkdown } = await loadTs("scripts/presets-doc.ts");
writeFileSync("docs/presets.md", presetsMarkdown());
process.stdout.write("wrote docs/presets.md\n");

const { withShapesTable } = await loadTs("scripts/shapes-doc.ts");
writeFileSync("docs/check-files.md", withShapesTable(readFileSync("docs/check-files.md", "utf8")));
process.stdout.write("wrote the table of shapes in docs/check-files.md\n");

const { CONFIG_SCHEMA_PATH, configSchemaText } = await loadTs("scripts/config-schema.ts");
mkdirSync(dirname(CONFIG_SCHEMA_PATH), { recursive: true });
writeFileSync(CONFIG_SCHEMA_PATH, configSchemaText());
process.stdout.write(`wrote ${CONFIG_SCHEMA_PATH}\n`);

const { REPOSITORY_FILES, withRepository } = await loadTs("scripts/repository-doc.ts");
for (const file of REPOSITORY_FILES) writeFileSync(file, withRepository(readFileSync(file, "utf8")));
process.stdout.write(`wrote package.json's repository into ${REPOSITORY_FILES.join(", ")}\n`);
