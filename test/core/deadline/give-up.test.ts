import { describe, expect, it } from "vitest";
import { giveUp, lastMade } from "../../../src/core/deadline/give-up.js";
import type { DeadlineInput } from "../../../src/core/deadline/input.js";
import type { ElapsedRule } from "../../../src/core/deadline/elapsed-stop.js";
import { elapsedLimit } from "../../../src/presets/kit/elapsed-limit.js";
import fc from "fast-check";
import { tableModel } from "./waits.js";

const input = (partial: Partial<DeadlineInput> & Pick<DeadlineInput, "waits">): DeadlineInput => ({
  retries: null,
  attemptTimeMs: 0,
  deadlineMs: null,
  stop: null,
  ...partial,
});

describe("giveUp under a library's stop", () => {
  it("fits within 5 s, waits U{1000..2000}, no try time: runs stop after 2 to 5 retries, giving up from 3001 to 5000 ms", () => {
    // A run stopping after retry 2 has s₂ + w₃ > 5000 with w₃ ≤ 2000, so s₂ ≥ 3001; after retry 5 the all-low run ends at 5000.
    const i = input({ waits: tableModel([[1500, 1000, 2000]]), stop: { rule: "fits", limitMs: 5000, from: "first-try" } });
    expect([lastMade(i, "highMs"), lastMade(i, "plainMs"), lastMade(i, "lowMs")]).toEqual([2, 3, 5]);
    // The un-jittered run (1.5 s waits) makes 3 retries: 4.5 s, then 6 s > 5 s.
    expect(giveUp(i)).toEqual({ plainMs: 4500, minMs: 3001, maxMs: 5000, meanMs: null });
  });

  it("a deadline before the stop's give-up times clips them all", () => {
    const i = input({ waits: tableModel([[1500, 1000, 2000]]), deadlineMs: 3000, stop: { rule: "fits", limitMs: 5000, from: "first-try" } });
    expect(giveUp(i)).toEqual({ plainMs: 3000, minMs: 3000, maxMs: 3000, meanMs: 3000 });
  });

  it("the count can end a run before the stop: 2 retries of 1–2 s end at 2 to 4 s", () => {
    const i = input({ waits: tableModel([[1500, 1000, 2000]]), retries: 2, stop: { rule: "fits", limitMs: 5000, from: "first-try" } });
    expect(giveUp(i)).toEqual({ plainMs: 3000, minMs: 2000, maxMs: 4000, meanMs: null });
  });

  it("cut: p-retry's last retry starts at the limit at the latest, so its try ends at limit + T", () => {
    // Waits 1 s, tries 0.5 s, limit 4 s: tries end at 0.5, 2, 3.5, then retry 3 starts at 4 s (wait cut to 0.5 s) and ends at 4.5 s.
    const i = input({ waits: tableModel([[1000, 1000, 1000]]), attemptTimeMs: 500, stop: { rule: "cut", limitMs: 4000, from: "first-try" } });
    expect(lastMade(i, "plainMs")).toBe(3);
    expect(giveUp(i)).toEqual({ plainMs: 4500, minMs: 4500, maxMs: 4500, meanMs: 4500 });
  });

  it("while: sidekiq's last wait ends past retry_for", () => {
    // Waits 3 s, no try time, retry_for 4 s: checks at 0 and 3 s pass, at 6 s fail: retries 1 and 2, giving up at 6 s.
    const i = input({ waits: tableModel([[3000, 3000, 3000]]), stop: { rule: "while", limitMs: 4000, from: "first-failure" } });
    expect(giveUp(i)).toEqual({ plainMs: 6000, minMs: 6000, maxMs: 6000, meanMs: 6000 });
  });
});

describe("with tries taking no time, the stop rules agree with the presets' elapsed-limit kit", () => {
  // The kit (src/presets/kit/elapsed-limit.ts) walks each extreme run on its own; the deadline model bisects its closed
  // forms. Same waits, same rule, same limit: the same fewest, un-jittered and most retries.
  const entry = fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 })).map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as const);
  it("fewest, plain and most retries", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 6 }),
        fc.constantFrom<ElapsedRule>("fits", "cut", "while"),
        fc.integer({ min: 1, max: 20_000 }),
        fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
        (entries, rule, limit, retries) => {
          // Waits of 0 ms everywhere would retry without end.
          fc.pre(entries[entries.length - 1]![0] > 0);
          const table = entries.map(([low, high]) => [Math.floor((low + high) / 2), low, high] as const);
          const at = (a: number) => table[Math.min(a, table.length) - 1]!;
          const kit = elapsedLimit({
            rule,
            limit,
            retries,
            plain: (a) => at(a)[0],
            low: (a) => at(a)[1],
            high: (a) => at(a)[2],
            draw: null,
            toMs: (v) => v,
            unitsPerMs: 1,
            tooMany: () => new Error("too many"),
          });
          const i = input({ waits: tableModel(table), retries, stop: { rule, limitMs: limit, from: "first-try" } });
          expect([lastMade(i, "highMs"), lastMade(i, "plainMs"), lastMade(i, "lowMs")]).toEqual([kit.fewest, kit.plainLast, kit.most]);
        },
      ),
    );
  });
});
