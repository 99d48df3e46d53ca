/**
 * A timeout beside a policy that its check reads: the per-try timeout (the try time) or
 * the overall one (the deadline), the field that sets it and where; a system's default
 * that the file leaves in place has no line.
 */
export interface TimeoutPlace {
  readonly role: "attempt-time" | "deadline";
  /** The field as the file spells it ("timeout", "perTryTimeout"), or the default's name ("Envoy's default route timeout"). */
  readonly field: string;
  /** Null for a system's default, which the file does not set: an assumed value (issue 36, item 4). */
  readonly line: number | null;
  readonly column: number | null;
}
