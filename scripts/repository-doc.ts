/**
 * backoff's repository in the docs, the Action and the scripts, written from the one place it
 * is named: package.json's `repository` (src/cli/shared/version.ts reads it; "OWNER" stands for
 * the owner until the repository is published). `npm run docs` rewrites every mention of it
 * in REPOSITORY_FILES, test/docs/repository-doc.test.ts fails when one differs. A mention is
 * the repository's "owner/name" after `https://github.com/`, `https://raw.githubusercontent.com/`,
 * `uses: ` or a backtick, with the name package.json gives; other repositories (actions/checkout,
 * squirrelchat/smol-toml) are left alone. Pure: no file or process access.
 */
import { REPOSITORY } from "../src/cli/shared/version.js";

/** The files that name backoff's repository (the schema's $id is written by scripts/config-schema.ts from the same place). */
export const REPOSITORY_FILES = ["README.md", "docs/ci.md", "docs/check.md", "action.yml", "scripts/action-release.mjs"] as const;

const escaped = (text: string) => text.replace(/[$()*+.?[\\\]^{|}]/g, "\\$&");

/** Every mention of a repository named as backoff's (any owner), after one of the prefixes that name a GitHub repository. */
export function repositoryMentions(): RegExp {
  const name = REPOSITORY.slug.split("/")[1]!;
  return new RegExp(`(https://github\\.com/|https://raw\\.githubusercontent\\.com/|uses: |\`)([\\w.-]+)/${escaped(name)}(?![\\w.-]*[\\w-])`, "g");
}

/** `text` with every mention of the repository naming package.json's. */
export function withRepository(text: string): string {
  return text.replace(repositoryMentions(), (_, before: string) => `${before}${REPOSITORY.slug}`);
}
