import packageJson from "../../../package.json" with { type: "json" };

/** The package's version, inlined into the bundle at build time. */
export const VERSION: string = packageJson.version;

/**
 * A repository on GitHub from package.json's `repository` (npm's forms: "git+https://github.com/O/R.git",
 * "https://github.com/O/R", "github:O/R", "O/R"): its "owner/name" and its web address.
 */
export function githubRepository(repository: string | { readonly url: string }): { readonly slug: string; readonly url: string } {
  const written = typeof repository === "string" ? repository : repository.url;
  const slug = /^(?:git\+)?(?:https?:\/\/|git:\/\/|ssh:\/\/git@)?(?:github\.com[/:]|github:)?([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(written)?.[1];
  if (slug === undefined) throw new Error(`package.json's repository is not a GitHub repository: ${written}`);
  return { slug, url: `https://github.com/${slug}` };
}

/**
 * backoff's repository, the one place it is named (package.json's `repository`; "OWNER"
 * stands for its owner until it is published): SARIF's rule help links into it, and
 * `npm run docs` writes it into the docs, the Action and the schema's $id (scripts/repository-doc.ts).
 */
export const REPOSITORY: { readonly slug: string; readonly url: string } = githubRepository(packageJson.repository);
