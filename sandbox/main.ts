// CLI entry of the sandbox gateway (`npm run sandbox`): configuration from the environment, one line when ready,
// state saved and a clean exit on SIGINT/SIGTERM.
import { SANDBOX_DEFAULTS } from "./defaults";
import { startSandbox } from "./server";

const SANDBOX_DEFAULT_PORT = SANDBOX_DEFAULTS.port;

const env = (name: string): string | undefined => {
  const v = process.env[name]?.trim();
  return v ? v : undefined;
};

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(1);
}

const portText = env("SANDBOX_PORT");
const port = portText === undefined ? undefined : Number(portText);
if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) fail(`SANDBOX_PORT is not a port: ${portText}`);

// The local mail catcher: SANDBOX_SMTP_PORT, else SANDBOX_PORT + 15 (the dashboard's config uses the same rule);
// "off" when the dashboard sends through a real SMTP server.
const smtpText = env("SANDBOX_SMTP_PORT");
const smtpPort = smtpText === undefined ? undefined : smtpText === "off" ? null : Number(smtpText);
if (typeof smtpPort === "number" && !(Number.isInteger(smtpPort) && smtpPort >= 1 && smtpPort <= 65535))
  fail(`SANDBOX_SMTP_PORT is not a port: ${smtpText}`);

// The bank's Access Control Server of the "acs" challenge mode: SANDBOX_ACS_PORT, else SANDBOX_PORT + 30; "off": none.
const acsText = env("SANDBOX_ACS_PORT");
const acsPort = acsText === undefined ? undefined : acsText === "off" ? null : Number(acsText);
if (typeof acsPort === "number" && !(Number.isInteger(acsPort) && acsPort >= 1 && acsPort <= 65535))
  fail(`SANDBOX_ACS_PORT is not a port: ${acsText}`);

const format = env("SANDBOX_CALLBACK_FORMAT");
if (format !== undefined && format !== "form" && format !== "json") fail('SANDBOX_CALLBACK_FORMAT must be "form" or "json"');

// The address it listens on: this machine only by default; 0.0.0.0 in a container of its own (compose.yaml).
const host = env("SANDBOX_LISTEN_HOST");

const sandbox = await startSandbox({
  port,
  host,
  dataDir: env("DATA_DIR") ?? ".data",
  callbackUrl: env("SANDBOX_CALLBACK_URL") ?? null,
  callbackFormat: format,
  clientKey: env("GATEWAY_CLIENT_KEY"),
  merchantSecret: env("GATEWAY_MERCHANT_SECRET"),
  apiKey: env("GATEWAY_API_KEY"),
  partialRefundMerchantField: env("GATEWAY_PARTIAL_REFUND_MERCHANT_FIELD"),
  publicUrl: env("SANDBOX_PUBLIC_URL"),
  smtpPort: smtpPort === undefined ? (port ?? SANDBOX_DEFAULT_PORT) + 15 : smtpPort,
  acsPort: acsPort === undefined ? (port ?? SANDBOX_DEFAULT_PORT) + 30 : acsPort,
  log: (line) => console.log(line),
}).catch((e: Error) => fail(e.message));

console.log(
  `sandbox gateway listening on ${sandbox.url}${sandbox.acsUrl ? ` (its bank, for the acs challenge mode: ${sandbox.acsUrl})` : ""}`,
);
if (sandbox.smtpPort !== null) console.log(`sandbox mail catcher: SMTP on 127.0.0.1:${sandbox.smtpPort}, inbox at ${sandbox.url}/mail`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (e: Error) => {
        console.error(`sandbox: error while closing: ${e.message}`);
        process.exit(1);
      },
    );
  });
}
