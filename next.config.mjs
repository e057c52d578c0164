import fs from "node:fs";
import createNextIntlPlugin from "next-intl/plugin";

const { version } = JSON.parse(fs.readFileSync(new URL("./package.json", import.meta.url), "utf8"));
// One id per build (version and UTC time), Next's own build id as well: /api/health/ready and the server's first log
// line name it, so an operator sees which build each instance runs during a rolling deploy.
const buildId = `${version}-${new Date().toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

// next-intl reads each request's language and catalog from server/i18n/request.ts (no locale segment in the URL).
// The catalogs are precompiled at build time (icu-minify): the browser gets no ICU message parser, only a small
// formatter (the JS budget: +40 KB over an empty Next.js page).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./server/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // `npm start` serves the build with `next start` behind scripts/start.ts. For deployments the build is also a
  // standalone server (its own traced node_modules, no devDependencies, no npm at run time): `npm run package` puts
  // it together in dist/, which the Dockerfile copies and `npm run start:prod` runs. No image CDN, no telemetry.
  output: "standalone",
  reactStrictMode: true,
  poweredByHeader: false,
  // PCI DSS 6.4.3: integrity="sha384-…" on the scripts Next puts in the HTML from its build manifest. With Turbopack
  // (what `next build` uses here) Next 16.4 writes it only on the runtime's rootMainFiles and the polyfills: the
  // page's and layouts' chunks in the HTML and the chunks loaded later carry none. The payment-page script inventory
  // (scripts/lib/script-inventory.ts) and its browser check cover every one of them.
  experimental: { sri: { algorithm: "sha384" } },
  // The 3-D Secure return page runs inside a sandboxed frame (an opaque origin), where a script with integrity= is a
  // cross-origin fetch: without CORS its answer is opaque and the browser refuses it, and the frame never tells the
  // page that the customer is back. So the scripts are fetched in CORS mode (crossorigin="anonymous": no cookies
  // are sent to another origin, the same as before on our own) and the build's static files answer any origin;
  // they are public files that hold no secret (scripts/check-bundle-secrets.ts).
  crossOrigin: "anonymous",
  async headers() {
    return [{ source: "/_next/static/:path*", headers: [{ key: "Access-Control-Allow-Origin", value: "*" }] }];
  },
  // Packages that must stay in Node's module system on the server (native/wasm assets, dynamic requires).
  // The OpenTelemetry SDK too: one copy of the API for every bundle, and the exporter's own requires.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "postgres",
    "undici",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/sdk-trace-base",
    "@opentelemetry/resources",
    "@opentelemetry/exporter-trace-otlp-http",
  ],
  // `npm start` builds without Next's type check (a minute or two on two cores, before a trial user sees anything):
  // `npm test` runs tsc over the whole project and builds with the check, so no type error lands unseen.
  typescript: { ignoreBuildErrors: process.env.DASHBOARD_SKIP_TYPECHECK === "1" },
  // The build output directory can be moved so that tests can build a copy without touching the user's build.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  generateBuildId: () => buildId,
  // Inlined at build time (server/build-info.ts); `next start` reads this file again, but the bundle keeps the
  // values of the build.
  env: { DASHBOARD_VERSION: version, DASHBOARD_BUILD_ID: buildId },
};

export default withNextIntl(nextConfig);
