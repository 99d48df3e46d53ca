import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY_FILES, repositoryMentions, withRepository } from "../../scripts/repository-doc.js";
import { CONFIG_SCHEMA_ID, CONFIG_SCHEMA_PATH } from "../../scripts/config-schema.js";
import { trackedFiles } from "../../scripts/doc-examples.js";
import { REPOSITORY } from "../../src/cli/shared/version.js";
import { ROOT } from "../support/paths.js";

// backoff's repository is named in one place, package.json's `repository` (src/cli/shared/version.ts
// reads it): `npm run docs` writes it into the docs, the Action and the scripts
// (scripts/repository-doc.ts) and the schema's $id (scripts/config-schema.ts); SARIF's rule help
// links into it (test/format/formats/check/sarif.test.ts). Nothing else spells it.

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

describe("backoff's repository, from package.json (issue 37: the docs and the Action do not each hard-code it)", () => {
  it.each(REPOSITORY_FILES)("%s names it as package.json does (npm run docs writes it)", (file) => {
    const text = read(file);
    expect(withRepository(text) === text, `${file} names another repository than package.json's ${REPOSITORY.slug}: run npm run docs`).toBe(true);
    const mentions = [...text.matchAll(repositoryMentions())].map((m) => m[2]);
    expect(mentions.length, file).toBeGreaterThan(0);
  });

  it("with another owner in package.json, every placeholder of the files would be rewritten: none is left out of the mechanism", () => {
    const [owner] = REPOSITORY.slug.split("/");
    for (const file of REPOSITORY_FILES) {
      const moved = read(file).replace(repositoryMentions(), (_, before: string) => `${before}acme-corp/${REPOSITORY.slug.split("/")[1]}`);
      expect(moved.includes(`${owner}/`), `${file} still names ${owner}/ where the mechanism does not reach`).toBe(false);
    }
  });

  it("the schema's $id is the schema on the repository's default branch", () => {
    expect(CONFIG_SCHEMA_ID).toBe(`https://raw.githubusercontent.com/${REPOSITORY.slug}/main/${CONFIG_SCHEMA_PATH}`);
    expect(JSON.parse(read(CONFIG_SCHEMA_PATH)).$id).toBe(CONFIG_SCHEMA_ID);
  });

  it("no other source, script or doc spells the placeholder owner: package.json is the one place", () => {
    const [owner] = REPOSITORY.slug.split("/");
    const files = ["action.yml", "README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", ...["docs", "src", "scripts"].flatMap((dir) => trackedFiles(ROOT, dir)).filter((file) => /\.(ts|mjs|js|md|yml|yaml|json)$/.test(file))];
    const spelled = files.filter((file) => !(REPOSITORY_FILES as readonly string[]).includes(file) && file !== CONFIG_SCHEMA_PATH && read(file).includes(`${owner}/${REPOSITORY.slug.split("/")[1]}`));
    expect(spelled).toEqual([]);
  });
});
