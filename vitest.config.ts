import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const __dirname = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      "server-only": path.resolve(__dirname, "tests/support/server-only-stub.support.ts"),
    },
  },
  test: {
    include: ["{app,components,lib,server,sandbox,scripts,tests}/**/*.test.{ts,tsx}"],
    environment: "node",
    // Migrates the test databases once per run; each test file gets a copy (tests/support/db.support.ts).
    globalSetup: ["tests/support/db-template.global.ts"],
    tags: [
      {
        name: "gateway-profile",
        description: "runs again under GATEWAY_PROFILE=family: the signing, the parsers and the gateway calls the profile changes",
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration files each start their own sandbox on a free port and their own database; two cores.
    maxWorkers: 2,
  },
});
