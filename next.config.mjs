import createNextIntlPlugin from "next-intl/plugin";

// next-intl reads each request's language and catalog from server/i18n/request.ts (no locale segment in the URL).
// The catalogs are precompiled at build time (icu-minify): the browser gets no ICU message parser, only a small
// formatter (the JS budget: +40 KB over an empty Next.js page).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./server/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The dashboard is served by `next start` behind scripts/start.ts; no image CDN, no telemetry-driven features.
  reactStrictMode: true,
  poweredByHeader: false,
  // Packages that must stay in Node's module system on the server (native/wasm assets, dynamic requires).
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "undici"],
  // The build output directory can be moved so that tests can build a copy without touching the user's build.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default withNextIntl(nextConfig);
