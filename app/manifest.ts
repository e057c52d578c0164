// The web manifest (/manifest.webmanifest): the dashboard's name, colours and icons when it is installed or pinned.
// It stays in English on purpose: it is one static file per site (browsers fetch and cache it once, without the
// reader's cookie or session, and keep it for the installed app), so it cannot follow each reader's language; the
// pages' own <title> and text do.
import type { MetadataRoute } from "next";

export default function manifest(): MetadataRoute.Manifest {
  return {
    // eslint-disable-next-line local/no-ui-literals -- one static manifest per site (see above)
    name: "Merchant dashboard",
    short_name: "Merchant",
    // eslint-disable-next-line local/no-ui-literals -- one static manifest per site (see above)
    description: "Back office for card payments: transactions, captures, refunds, payment links and administration.",
    start_url: "/overview",
    scope: "/",
    display: "standalone",
    background_color: "#f8fafc",
    theme_color: "#1f5ad6",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
