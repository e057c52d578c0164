// Which build is running: the package version and the build id, both fixed when `next build` ran (next.config.mjs
// inlines them), so /api/health/ready and the server's first log line name the build that answers, whatever the
// environment says at start. "dev" under `next dev`, where nothing is built.
// No `import "server-only"`: the start script prints it too.
export const BUILD_INFO = {
  version: process.env.DASHBOARD_VERSION || "dev",
  build: process.env.DASHBOARD_BUILD_ID || "dev",
} as const;
