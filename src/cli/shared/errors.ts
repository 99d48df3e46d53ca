// The CLI's files take the bad-input error and the quoting of values from here; both live in
// the config layer, whose readers throw the same error (one line on stderr, exit 2).
export { UsageError, shown } from "../../config/errors.js";
