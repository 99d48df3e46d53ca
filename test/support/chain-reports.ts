import { analyseChain } from "../../src/core/chain/chain.js";
import { layer } from "./chain.js";

/**
 * The chain the format twins render: two layers of 3 tries with no waits ("top" over
 * "bottom"), tries at the bottom of 10 ms failing half the time. Worked by hand:
 * - worst case: 3 calls from the top, 3 × 3 = 9 at the backend;
 * - expected: the bottom makes 1 + 0.5 + 0.25 = 1.75 tries a call and fails with 0.5³ = 0.125,
 *   so the top makes 1 + 0.125 + 0.125² = 1.140625 tries, and the backend sees
 *   1.140625 × 1.75 = 1.99609375 calls;
 * - give-up at a full outage: the bottom 3 × 10 ms = 30 ms, the top 3 × 30 ms = 90 ms.
 */
export const HALF_REPORT = analyseChain([layer(2, { name: "top" }), layer(2, { name: "bottom" })], { attemptMs: 10, failureRate: 0.5, rps: null });
