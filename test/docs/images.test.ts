import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DOC_IMAGES, drawDocImage } from "../../scripts/doc-images.js";
import { ROOT } from "../support/paths.js";

// The pictures in docs/images/ that backoff draws are what it draws now (`npm test` builds
// first); each is shown in a document that states its command.
describe("the pictures backoff draws for the docs", () => {
  for (const image of DOC_IMAGES) {
    it(`${image.path} is \`backoff ${image.args.join(" ")}\``, () => {
      expect(readFileSync(join(ROOT, image.path), "utf8"), `${image.path} is not what backoff draws now; if the change is intended, run \`npm run docs:examples\``).toBe(drawDocImage(ROOT, image));
    });
    it(`${image.path} is shown in docs/, with its command beside it`, () => {
      const name = image.path.replace(/^docs\//, "");
      const simulate = readFileSync(join(ROOT, "docs/simulate.md"), "utf8");
      expect(simulate).toContain(`](${name})`);
      // The command as the document prints it: the arguments in order, lines joined.
      expect(simulate.replace(/\n/g, " ")).toContain(`backoff ${image.args.join(" ")}`);
    });
  }
});
