// The browser tests' server: seeds the run's fresh database with the e2e users, then runs `npm start` exactly as a
// user would (build if stale, sandbox + dashboard). Not used outside the tests.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createUser, seedLocalRoles } from "../../server/auth/users";
import { openDatabase } from "../../server/db/client";
import { isUniqueViolation } from "../../server/db/errors";
import { readConfig } from "../../server/config";
import { payments } from "../../server/db/schema";
import { E2E_USERS, JUNE_2024, NIGHT_PAYMENT, PASSWORD } from "./users";

const config = readConfig(process.env);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedLocalRoles(database.db);
for (const u of Object.values(E2E_USERS)) {
  await createUser(
    database.db,
    { email: u.email, name: u.name, password: PASSWORD, userType: u.userType, roleNames: u.roles },
    { id: null, email: "e2e-seed" },
  ).catch((e: unknown) => {
    if (!isUniqueViolation(e)) throw e; // already seeded (a restarted server on the same data)
  });
}
// The night payment (users.ts): straight into the ledger, as the notification queue would have written it.
await database.db
  .insert(payments)
  .values({
    orderId: NIGHT_PAYMENT.orderId,
    gatewayId: null,
    kind: "sale",
    status: "captured",
    currency: "SAR",
    amountMinor: 13_000,
    authorizedMinor: 13_000,
    capturedMinor: 13_000,
    payerName: NIGHT_PAYMENT.payerName,
    payerEmail: NIGHT_PAYMENT.payerEmail,
    cardBrand: "VC",
    cardLast4: "1111",
    createdAt: new Date(NIGHT_PAYMENT.createdAt),
  })
  .onConflictDoNothing();
// June 2024 (users.ts): a figure above 100 million and two decline reasons, one known and one not.
const juneDay = (i: number) => new Date(Date.UTC(2024, 5, 1 + (i % 30), 10, i % 60));
await database.db
  .insert(payments)
  .values([
    ...Array.from({ length: JUNE_2024.bigSales }, (_, i) => ({
      orderId: `e2e-june-big-${String(i + 1).padStart(3, "0")}`,
      gatewayId: null,
      kind: "sale",
      status: "captured",
      currency: "SAR",
      amountMinor: JUNE_2024.bigSaleMinor,
      authorizedMinor: JUNE_2024.bigSaleMinor,
      capturedMinor: JUNE_2024.bigSaleMinor,
      cardBrand: "VC",
      cardLast4: "1111",
      createdAt: juneDay(i),
    })),
    ...[JUNE_2024.knownDecline, JUNE_2024.otherDecline].map((d, i) => ({
      orderId: d.orderId,
      gatewayId: null,
      kind: "sale",
      status: "declined",
      currency: "SAR",
      amountMinor: 5_000,
      declineReason: d.reason,
      cardBrand: "MC",
      cardLast4: "0008",
      createdAt: juneDay(i + 3),
    })),
  ])
  .onConflictDoNothing();
await database.close();

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
// Everything the dashboard and the sandbox print is also kept in DATA_DIR/server.log, which the card-data scan
// reads after the run.
const log = fs.createWriteStream(path.join(config.dataDir, "server.log"), { flags: "a" });
const child = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/start.ts")], {
  stdio: ["ignore", "pipe", "pipe"],
  // Every access line too (npm start's trial default is warn): the card-data scan reads them all.
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
});
child.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
child.stderr.on("data", (chunk: Buffer) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
