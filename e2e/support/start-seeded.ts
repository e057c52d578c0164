// The browser tests' server: seeds the run's fresh database with the e2e users, then runs `npm start` exactly as a
// user would (build if stale, sandbox + dashboard). Not used outside the tests.
import { spawn } from "node:child_process";
import path from "node:path";
import { createUser, seedLocalRoles } from "../../server/auth/users";
import { openDatabase } from "../../server/db/client";
import { readConfig } from "../../server/config";
import { E2E_USERS, PASSWORD } from "./users";

const config = readConfig(process.env);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedLocalRoles(database.db);
for (const u of Object.values(E2E_USERS)) {
  await createUser(database.db, { email: u.email, name: u.name, password: PASSWORD, userType: u.userType, roleNames: u.roles }, { id: null, email: "e2e-seed" }).catch(
    (e: unknown) => {
      if (!/unique|duplicate/i.test(String(e) + String((e as { cause?: unknown }).cause))) throw e;
    },
  );
}
await database.close();

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const child = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/start.ts")], { stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
