// CLI entry of the sandbox gateway (`npm run sandbox`): configuration from the environment, one line when ready,
// state saved and a clean exit on SIGINT/SIGTERM.
import { startSandbox } from "./server";

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

const format = env("SANDBOX_CALLBACK_FORMAT");
if (format !== undefined && format !== "form" && format !== "json") fail('SANDBOX_CALLBACK_FORMAT must be "form" or "json"');

const sandbox = await startSandbox({
  port,
  dataDir: env("DATA_DIR") ?? ".data",
  callbackUrl: env("SANDBOX_CALLBACK_URL") ?? null,
  callbackFormat: format,
  clientKey: env("GATEWAY_CLIENT_KEY"),
  merchantSecret: env("GATEWAY_MERCHANT_SECRET"),
  apiKey: env("GATEWAY_API_KEY"),
  partialRefundMerchantField: env("GATEWAY_PARTIAL_REFUND_MERCHANT_FIELD"),
  publicUrl: env("SANDBOX_PUBLIC_URL"),
  log: (line) => console.log(line),
}).catch((e: Error) => fail(e.message));

console.log(`sandbox gateway listening on ${sandbox.url}`);

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
