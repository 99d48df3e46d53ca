import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { memoryStdin } from "../support/io.js";

/**
 * Every place backoff looks up a word the user typed (an option, an option's value, a preset,
 * a command, a SPEC's or a budget's key, a config file's key or value, a policy's name), fed
 * the names of Object.prototype's members: each is refused as any unknown word is (exit 2,
 * one line), and no "did you mean" ever answers with one of them (nor with what a plain
 * object's lookup would give: "[object Object]", "function Object() { [native code] }").
 */

const MEMBERS = [...Object.getOwnPropertyNames(Object.prototype), "prototype"];

/** Where a word is looked up: the argument list that puts `word` there, and the config text on standard input, if any. */
interface Place {
  readonly argv: (word: string) => string[];
  readonly stdin?: (word: string) => string;
}

const json = (value: unknown) => JSON.stringify(value);

const PLACES: Record<string, Place> = {
  "--preset": { argv: (w) => ["--preset", w] },
  "presets NAME": { argv: (w) => ["presets", w] },
  "compare SPEC": { argv: (w) => ["compare", w] },
  "a strategy SPEC's key": { argv: (w) => ["compare", `fixed:${w}=5`] },
  "a preset SPEC's key": { argv: (w) => ["compare", `bullmq:${w}=5`] },
  "a SPEC's strategy=": { argv: (w) => ["compare", `bullmq:strategy=${w}`] },
  "chain SPEC": { argv: (w) => ["chain", w] },
  "a chain layer's budget": { argv: (w) => ["chain", `istio@${w}`] },
  "a budget's key": { argv: (w) => ["chain", `istio@envoy:${w}=1`] },
  "--strategy": { argv: (w) => ["--strategy", w] },
  "--jitter": { argv: (w) => ["--jitter", w] },
  "--format": { argv: (w) => ["--format", w] },
  "check --format": { argv: (w) => ["check", "--format", w, "--base", "1s"] },
  "--scale": { argv: (w) => ["--scale", w] },
  "an option": { argv: (w) => [`--${w}`] },
  "an option=value": { argv: (w) => [`--${w}=1`] },
  "check's option": { argv: (w) => ["check", `--${w}`] },
  "a command": { argv: (w) => [w] },
  "help COMMAND": { argv: (w) => ["help", w] },
  "completion SHELL": { argv: (w) => ["completion", w] },
  "simulate --model": { argv: (w) => ["simulate", "--model", w] },
  "--arrivals": { argv: (w) => ["simulate", "--model", "capacity", "--arrivals", w] },
  "--outage-kind": { argv: (w) => ["simulate", "--model", "capacity", "--outage", "1s..2s", "--outage-kind", w] },
  "--compare": { argv: (w) => ["simulate", "--model", "capacity", "--compare", w] },
  "--jitter under --model occ": { argv: (w) => ["simulate", "--model", "occ", "--jitter", w] },
  "--unreachable-retries": { argv: (w) => ["check", "--base", "1s", "--unreachable-retries", w] },
  "a config key": { argv: () => ["--config", "-"], stdin: (w) => json({ base: "1s", [w]: 1 }) },
  "a policy's key": { argv: () => ["--config", "-"], stdin: (w) => json({ policies: { a: { base: "1s", [w]: 1 } } }) },
  "an assert key": { argv: () => ["check", "--config", "-"], stdin: (w) => json({ base: "1s", assert: { [w]: 1 } }) },
  "a config's strategy": { argv: () => ["--config", "-"], stdin: (w) => json({ strategy: w }) },
  "a config's preset": { argv: () => ["--config", "-"], stdin: (w) => json({ preset: w }) },
  "--policy": { argv: (w) => ["--config", "-", "--policy", w], stdin: () => json({ policies: { a: { base: "1s" }, b: { base: "2s" } } }) },
  "a chain config key": { argv: () => ["chain", "--config", "-"], stdin: (w) => json({ chain: ["istio"], [w]: 1 }) },
  "a chain layer's key": { argv: () => ["chain", "--config", "-"], stdin: (w) => json({ chain: [{ spec: "istio", [w]: 1 }] }) },
  "a chain layer's policy": { argv: () => ["chain", "--config", "-"], stdin: (w) => json({ chain: [{ policy: w }], policies: { a: { preset: "istio" } } }) },
};

const escaped = (text: string) => text.replace(/[$()*+.?[\\\]^{|}]/g, "\\$&");
/** A suggestion naming a member, with or without quotes or dashes: `did you mean "constructor"`, `did you mean --toString`. */
const SUGGESTED_MEMBER = new RegExp(`did you mean "?-*(?:${MEMBERS.map(escaped).join("|")})\\b`, "i");

async function refused(place: Place, word: string): Promise<void> {
  const stdin = place.stdin === undefined ? undefined : memoryStdin([place.stdin(word)]);
  const { code, stdout, stderr } = await runCli(place.argv(word), stdin === undefined ? {} : { stdin });
  expect({ code, stdout, lines: stderr.split("\n").length }, stderr).toEqual({ code: 2, stdout: "", lines: 2 });
  expect(stderr).not.toMatch(SUGGESTED_MEMBER);
  expect(stderr).not.toMatch(/\[object |\[native code\]|function \w*\(/);
}

describe("no member of Object.prototype is accepted or suggested, wherever a word is looked up", () => {
  it.each(Object.entries(PLACES))("%s", async (_, place) => {
    for (const member of MEMBERS) await refused(place, member);
  });

  it("nor a near spelling of one (case, hyphens, one letter off; fast-check, fixed seed)", async () => {
    const variant = fc.tuple(fc.constantFrom(...MEMBERS), fc.constantFrom("upper", "hyphen", "drop", "double", "as is"), fc.nat()).map(([member, change, at]) => {
      const i = at % member.length;
      if (change === "upper") return member.toUpperCase();
      if (change === "hyphen") return `${member.slice(0, i)}-${member.slice(i)}`;
      if (change === "drop") return member.slice(0, i) + member.slice(i + 1);
      if (change === "double") return member.slice(0, i) + member[i] + member.slice(i);
      return member;
    });
    const places = Object.values(PLACES);
    await fc.assert(
      fc.asyncProperty(variant, fc.nat({ max: places.length - 1 }), async (word, index) => {
        await refused(places[index]!, word);
      }),
      { seed: 35, numRuns: 400 },
    );
  }, 120_000);
});
