import { closest } from "../text/closest.js";
import type { Finding } from "./finding.js";
import { RULE_IDS, SUPPRESSION_REASON_RULE, UNUSED_SUPPRESSION_RULE } from "./rules.js";
import type { SuppressionComment } from "./suppression-comment.js";

export type { SuppressionComment };


/** The comments that have suppressed a finding, by comment and rule. */
export class SuppressionUse {
  private readonly used = new Set<string>();

  /** The finding suppressed by the first of `comments` that names its rule; the finding as it is when none does. */
  apply(finding: Finding, comments: readonly SuppressionComment[] | undefined): Finding {
    if (comments === undefined) return finding;
    const comment = comments.find((c) => c.rules.includes(finding.rule));
    if (comment === undefined) return finding;
    this.used.add(useKey(comment, finding.rule));
    return { ...finding, suppression: { file: comment.file, line: comment.line, column: comment.column, reason: comment.reason } };
  }

  /**
   * The findings about the comments themselves, in the order found: one without a reason (it
   * still suppresses), and each rule a comment names that suppressed nothing here (a rule
   * fixed, a comment on the wrong line, a misspelt rule, which "did you mean" answers).
   */
  findings(comments: readonly SuppressionComment[]): Finding[] {
    const out: Finding[] = [];
    for (const c of comments) {
      const location = { file: c.file, line: c.line, column: c.column };
      const named = c.rules.length === 0 ? "" : ` ${c.rules.join(", ")}`;
      if (c.reason === null) {
        out.push({ rule: SUPPRESSION_REASON_RULE, kind: "suppression", level: "warning", location, policy: null, message: `backoff-ignore${named} gives no reason: say why after " -- "` });
      }
      if (c.rules.length === 0) {
        out.push({ rule: UNUSED_SUPPRESSION_RULE, kind: "suppression", level: "warning", location, policy: null, message: "backoff-ignore names no rule: name the rules it suppresses (backoff-ignore no-cap -- why)" });
        continue;
      }
      for (const rule of c.rules) {
        if (this.used.has(useKey(c, rule))) continue;
        const known = RULE_IDS.includes(rule);
        const near = known ? null : closest(rule, RULE_IDS);
        const message = known
          ? `backoff-ignore ${rule} suppresses nothing: no ${rule} finding for a policy on this line or the next`
          : `backoff-ignore ${rule}: no such rule${near === null ? "" : `; did you mean ${near}?`}`;
        out.push({ rule: UNUSED_SUPPRESSION_RULE, kind: "suppression", level: "warning", location, policy: null, message });
      }
    }
    return out;
  }
}

const useKey = (c: SuppressionComment, rule: string): string => `${c.file}\u0000${c.line}\u0000${c.column}\u0000${rule}`;
