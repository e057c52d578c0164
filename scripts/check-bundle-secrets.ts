// Threat guarded: a secret (gateway API key, merchant secret, session-signing secret, SMTP password) shipped to the browser.
// Builds the app with unmistakable secret values in the environment, then searches every file the browser can
// receive (static/, the prerendered HTML and RSC payloads) for each value. Exits non-zero and names the file when a
// value is found.
//   tsx scripts/check-bundle-secrets.ts                  builds into .next-secrets-check, scans, removes it
//   tsx scripts/check-bundle-secrets.ts --keep .next     builds into .next, scans, and keeps the build: `npm test`'s
//                                                        one build, which the browser tests and the budgets then use
// The build is in sandbox mode (no gateway URL), as the browser tests run it; the secrets are in its environment all
// the same, so anything that would inline one at build time still does, and is found.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { nextBuild } from "./lib/next-build";
import { ROOT } from "./lib/processes";

const keepAt = process.argv.indexOf("--keep");
const distDir = keepAt >= 0 ? (process.argv[keepAt + 1] ?? ".next") : ".next-secrets-check";
const secrets = {
  GATEWAY_API_KEY: `apikey-${randomBytes(12).toString("hex")}`,
  GATEWAY_MERCHANT_SECRET: `merchant-secret-${randomBytes(12).toString("hex")}`,
  NEXTAUTH_SECRET: `auth-secret-${randomBytes(24).toString("hex")}`,
  AUDIT_CHAIN_KEY: `audit-chain-key-${randomBytes(24).toString("hex")}`,
  GATEWAY_CLIENT_KEY: `client-key-${randomBytes(8).toString("hex")}`,
};
// The SMTP password rides inside SMTP_URL: searched for on its own (a leak of the password alone counts).
const smtpPassword = `smtp-pw-${randomBytes(12).toString("hex")}`;
const searched: Record<string, string> = { ...secrets, "SMTP_URL's password": smtpPassword };

function* files(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

const code = await nextBuild({
  ...process.env,
  ...secrets,
  SMTP_URL: `smtps://mailer:${smtpPassword}@smtp.invalid:465`,
  MAIL_FROM: "Merchant dashboard <dashboard@merchant.invalid>",
  NEXT_DIST_DIR: distDir,
  NEXT_TELEMETRY_DISABLED: "1",
});
if (code !== 0) process.exit(code);

const browserFacing = [path.join(ROOT, distDir, "static"), path.join(ROOT, distDir, "server", "app")];
let scanned = 0;
const leaks: string[] = [];
for (const dir of browserFacing) {
  for (const file of files(dir)) {
    // Server bundles under server/app are not sent; only their prerendered HTML / RSC payloads are.
    if (dir.endsWith(path.join("server", "app")) && !/\.(html|rsc|body|meta)$/.test(file)) continue;
    const text = fs.readFileSync(file, "latin1");
    scanned++;
    for (const [name, value] of Object.entries(searched)) {
      if (text.includes(value)) leaks.push(`${name} found in ${path.relative(ROOT, file)}`);
    }
  }
}
if (keepAt < 0) fs.rmSync(path.join(ROOT, distDir), { recursive: true, force: true });
if (scanned === 0) {
  console.error("secrets check: no browser-facing file was found to scan; the build layout changed?");
  process.exit(1);
}
if (leaks.length) {
  console.error(`secrets check FAILED:\n  ${leaks.join("\n  ")}`);
  process.exit(1);
}
console.log(`secrets check: ${scanned} browser-facing files scanned; no secret value found.`);
