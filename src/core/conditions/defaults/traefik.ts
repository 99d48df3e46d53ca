import type { RetryOn } from "../condition.js";

/**
 * A retry middleware without status (traefik/traefik master at fd5a576d, after v3.7.9,
 * pkg/middlewares/retry/retry.go): only a network error, a request of which no byte was written
 * to the server, is retried, unless disableRetryOnNetworkError; status adds its codes to it.
 * One definition for src/presets/traefik.ts and src/config/shapes/traefik.ts: presets cannot import config.
 */
export const TRAEFIK_DEFAULT_RETRY_ON: RetryOn = { words: ["network errors"], from: "retry middleware", isDefault: true, conditions: [{ kind: "connection" }] };
