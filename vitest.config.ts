import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Builds dist/ once before any test: the end-to-end tests run the built binary.
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 30_000,
  },
});
