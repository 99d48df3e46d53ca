/** Bad usage or input: reported as one line on stderr, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Quotes a user's value for an error message, showing invisible and odd characters. */
export function shown(value: string): string {
  return JSON.stringify(value);
}
