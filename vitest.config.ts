import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const __dirname = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      "server-only": path.resolve(__dirname, "scripts/test-support/server-only-stub.ts"),
    },
  },
  test: {
    include: ["{app,components,lib,server,sandbox,scripts}/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration files each start their own sandbox on a free port and their own database; two cores.
    maxWorkers: 2,
  },
});
