import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPOSITORY, VERSION, githubRepository } from "../../../src/cli/shared/version.js";
import { ROOT } from "../../support/paths.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string; repository: { type: string; url: string } };

describe("the package's version and repository, from package.json", () => {
  it("VERSION is package.json's version; REPOSITORY its repository, the one place the repository is named", () => {
    expect(VERSION).toBe(pkg.version);
    expect(pkg.repository.type).toBe("git");
    expect(`git+${REPOSITORY.url}.git`).toBe(pkg.repository.url);
    expect(REPOSITORY.url).toBe(`https://github.com/${REPOSITORY.slug}`);
  });

  it("githubRepository reads npm's forms of a GitHub repository (npm docs, package.json: repository)", () => {
    for (const written of ["git+https://github.com/acme/backoff.git", "https://github.com/acme/backoff", "github:acme/backoff", "acme/backoff", "ssh://git@github.com/acme/backoff.git"]) {
      expect(githubRepository(written), written).toEqual({ slug: "acme/backoff", url: "https://github.com/acme/backoff" });
    }
    expect(githubRepository({ url: "git+https://github.com/OWNER/back.off.git" })).toEqual({ slug: "OWNER/back.off", url: "https://github.com/OWNER/back.off" });
    expect(() => githubRepository("https://gitlab.com/acme/backoff/sub")).toThrow("package.json's repository is not a GitHub repository: https://gitlab.com/acme/backoff/sub");
  });
});
