// A file's scan outcome with nothing in it but what `changes` says (the check pool's and scanFile's tests): the one the pool builds.
export { emptyOutcome } from "../../src/cli/check/scan-file.js";
