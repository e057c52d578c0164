// The image's recipe, run outside a container (no Docker engine here): `npm run package` into an empty folder,
// then the Dockerfile's CMD with its ENV (HOST pinned to 127.0.0.1: servers a test starts listen on loopback), a
// free port and a data directory of its own, and nothing else of this machine's environment but PATH. Passes when
// readiness answers 200 within 60 s, the sign-in page and one of its static files load, the metrics answer, the Dockerfile's
// HEALTHCHECK command exits 0, no devDependency is in the folder, and SIGTERM stops it with exit code 0. Then the
// Dockerfile's sandbox stage (compose.sandbox.yaml) is started from its CMD and stopped the same way.
// Part of `npm test`, after the build; by hand: `npm run build && npx tsx scripts/check-standalone.ts`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { namedStage, runStage, stageEnv } from "./lib/dockerfile";
import { freePort, ROOT } from "./lib/processes";
import { packageStandalone } from "./package-standalone";

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(p);
    else if (entry.isFile()) total += fs.statSync(p).size;
  }
  return total;
}

const stage = runStage(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
if (!stage.cmd) throw new Error("the Dockerfile's run stage has no CMD");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "standalone-"));
const app = path.join(work, "app");
const started = Date.now();
packageStandalone(app);
console.log(`packaged into an empty folder in ${((Date.now() - started) / 1000).toFixed(1)} s: ${(folderBytes(app) / 1e6).toFixed(0)} MB`);

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { devDependencies?: Record<string, string> };
const devInFolder = Object.keys(pkg.devDependencies ?? {}).filter((name) => fs.existsSync(path.join(app, "node_modules", name)));
check(devInFolder.length === 0, `no devDependency in the folder${devInFolder.length ? ` (found ${devInFolder.join(", ")})` : ""}`);

const port = await freePort();
const env: NodeJS.ProcessEnv = {
  ...stageEnv(stage),
  PORT: String(port),
  DATA_DIR: path.join(work, "data"),
  // The sandbox is not running: the gateway is unreachable, which readiness must not depend on.
  SANDBOX_PORT: String(await freePort()),
  METRICS_TOKEN: "standalone-check-metrics-token-0123456789",
};
const [cmd, ...args] = stage.cmd;
const child = spawn(cmd === "node" ? process.execPath : cmd!, args, { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] });
let output = "";
child.stdout.on("data", (d: Buffer) => (output += d.toString()));
child.stderr.on("data", (d: Buffer) => (output += d.toString()));
const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

const base = `http://127.0.0.1:${port}`;
const bootStarted = Date.now();
let ready: Response | null = null;
while (Date.now() - bootStarted < 60_000 && child.exitCode === null) {
  ready = await fetch(`${base}/api/health/ready`).catch(() => null);
  if (ready?.ok) break;
  await new Promise((r) => setTimeout(r, 250));
}
check(ready?.status === 200, `readiness 200 from the folder (in ${((Date.now() - bootStarted) / 1000).toFixed(1)} s)`);
if (ready?.ok) {
  const body = (await ready.json()) as { version?: string };
  check(typeof body.version === "string", `readiness names the version (${body.version})`);
  const login = await fetch(`${base}/login`);
  const html = await login.text();
  check(login.status === 200 && /<form/i.test(html), "the sign-in page renders");
  const asset = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0];
  const assetStatus = asset ? (await fetch(`${base}${asset}`)).status : 0;
  check(assetStatus === 200, `its static files are served (${asset ?? "none found"})`);
  const metrics = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } });
  const exposition = await metrics.text();
  check(
    metrics.status === 200 && exposition.includes("dashboard_http_requests_total"),
    "the metrics endpoint answers (prom-client traced)",
  );
  const [hc, ...hcArgs] = stage.healthcheck ?? [];
  const health = hc ? spawnSync(hc === "node" ? process.execPath : hc, hcArgs, { env, timeout: 10_000 }) : null;
  check(health?.status === 0, "the Dockerfile's HEALTHCHECK command exits 0");
}
child.kill("SIGTERM");
const code = await Promise.race([exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 30_000))]);
check(code === 0, `SIGTERM stops it with exit code 0 (got ${code})`);
if (code === "timeout") child.kill("SIGKILL");
check(!/Cannot find module|MODULE_NOT_FOUND|ENOENT/.test(output), "no missing file or module in its output");

// compose.sandbox.yaml's sandbox service: its stage's CMD and ENV from the sources (what that stage copies), on
// loopback (servers a test starts listen on 127.0.0.1 only), answering and stopping on SIGTERM.
const sandboxStage = namedStage(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8"), "sandbox");
const sandboxPort = await freePort();
const [sandboxCmd, ...sandboxArgs] = sandboxStage.cmd ?? [];
const sandbox = spawn(path.join(ROOT, sandboxCmd!), sandboxArgs, {
  cwd: ROOT,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    ...sandboxStage.env,
    SANDBOX_LISTEN_HOST: "127.0.0.1",
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_SMTP_PORT: String(await freePort()),
    DATA_DIR: path.join(work, "sandbox-data"),
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let sandboxOutput = "";
sandbox.stdout.on("data", (d: Buffer) => (sandboxOutput += d.toString()));
sandbox.stderr.on("data", (d: Buffer) => (sandboxOutput += d.toString()));
const sandboxExited = new Promise<number | null>((resolve) => sandbox.once("exit", (c) => resolve(c)));
let inbox: Response | null = null;
for (const until = Date.now() + 30_000; Date.now() < until && sandbox.exitCode === null;) {
  inbox = await fetch(`http://127.0.0.1:${sandboxPort}/__sandbox/mail?to=nobody%40example.com`).catch(() => null);
  if (inbox?.ok) break;
  await new Promise((r) => setTimeout(r, 250));
}
check(inbox?.status === 200, "the Dockerfile's sandbox stage starts from its CMD and answers");
sandbox.kill("SIGTERM");
const sandboxCode = await Promise.race([sandboxExited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 15_000))]);
if (sandboxCode === "timeout") sandbox.kill("SIGKILL");
check(sandboxCode === 0, `the sandbox stage stops on SIGTERM with exit code 0 (got ${sandboxCode})`);
if (sandboxCode !== 0 || inbox?.status !== 200) console.log(`The sandbox's output:\n${sandboxOutput.split("\n").slice(-20).join("\n")}`);

if (failures.length) {
  console.log(`\nIts output:\n${output.split("\n").slice(-40).join("\n")}`);
  console.log(`\n${failures.length} check(s) failed; the folder is kept in ${work}`);
  process.exit(1);
}
fs.rmSync(work, { recursive: true, force: true });
console.log("\nthe standalone folder runs as the image would");
