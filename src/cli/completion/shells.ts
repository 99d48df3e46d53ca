/** The shells `backoff completion` writes a script for (command.ts declares them, action.ts writes for them). */
export const COMPLETION_SHELLS = ["bash", "zsh", "fish"] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];
