import { describe, expect, it } from "vitest";
import { BusyLedger } from "../../../../src/core/herd/capacity/busy-ledger.js";

describe("BusyLedger", () => {
  it("splits an interval over the windows it overlaps and clears a window once taken", () => {
    const ledger = new BusyLedger(100, 300);
    ledger.add(50, 260); // 50 in [0,100), 100 in [100,200), 60 in [200,300)
    ledger.add(90, 95);
    expect([ledger.take(0), ledger.take(1), ledger.take(2), ledger.take(3)]).toEqual([55, 100, 60, 0]);
    // The ring is reused for later windows: window 5 lands where window 0 was.
    ledger.add(500, 510);
    expect(ledger.take(5)).toBe(10);
    expect(ledger.take(0)).toBe(0);
  });
});
