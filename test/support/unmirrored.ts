/**
 * The source files with logic that have no test at their mirrored path yet (src/a/b.ts →
 * test/a/b.test.ts): the debt test/mirror.test.ts keeps from growing. Their behaviour is tested,
 * but from files grouped by behaviour (test/cli/compare/compare.test.ts, test/presets/against-libraries.test.ts,
 * test/cli/exact-durations.test.ts, …); each entry leaves this list when its twin is written or a
 * grouped test is folded into it. A new source file is never added here: it comes with its twin.
 */
export const NOT_YET_MIRRORED: readonly string[] = [
];
