import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/compare/svg.js";
import { MAX_PICTURE_ATTEMPTS } from "../../../../src/format/renderer.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { DOUBLING, FIXED, compareOutput } from "../../../support/compared.js";

describe("the comparison as SVG", () => {
  it("draws every policy's rows under the comparison's title and scale", async () => {
    const svg = await renderedText(renderer.render(compareOutput([FIXED, DOUBLING], { title: "two policies" }), plainContext(null, { scale: "log" })));
    expect(svg).toContain("<title>two policies</title>");
    // On the log axis of 1 s to 10 s: 2 s at y 326.81 (test/format/compare-svg.test.ts works it out).
    expect(svg.match(/<polyline [^>]*points="([^"]*)"/g)!.map((line) => /points="([^"]*)"/.exec(line)![1])).toEqual(["100,326.81 480,326.81 860,326.81", "100,440 480,326.81 860,213.63"]);
  });

  it("reads all rows at once, at most the picture's limit of attempts, on the --scale asked for (and takes no --chart)", () => {
    expect([renderer.readsLastRow, renderer.takes, renderer.maxAttempts]).toEqual([true, { scale: true }, MAX_PICTURE_ATTEMPTS]);
  });
});
