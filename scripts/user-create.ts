// `npm run user:create -- --email someone@example.com --name "Someone" [--role finance]... [--super-admin]`
// Creates a dashboard user from the command line. The password is read from USER_PASSWORD, or generated and
// printed once. With the embedded database, stop the dashboard first (PGlite is single-process).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { newPasswordSchema } from "../lib/schemas/auth";
import { generatePassword } from "../server/auth/password";
import { createUser, seedLocalRoles, UnknownRolesError } from "../server/auth/users";
import { openDatabase } from "../server/db/client";
import { isUniqueViolation } from "../server/db/errors";
import { readConfig } from "../server/config";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string", multiple: true, default: [] },
    "super-admin": { type: "boolean", default: false },
  },
});

const email = z.email().safeParse(values.email);
if (!email.success || !values.name) {
  console.error('Usage: npm run user:create -- --email someone@example.com --name "Full Name" [--role finance] [--super-admin]');
  process.exit(2);
}
const config = readConfig(process.env);
function dashboardRunning(): boolean {
  try {
    process.kill(Number(fs.readFileSync(path.join(config.dataDir, "dashboard.pid"), "utf8")), 0);
    return true;
  } catch {
    return false; // no pid file, or a stale one from a dashboard that did not stop cleanly
  }
}
if (!config.databaseUrl && dashboardRunning()) {
  console.error("The dashboard is running on the embedded database; stop it first (Ctrl+C), then run this again.");
  process.exit(1);
}
const password = process.env.USER_PASSWORD ?? generatePassword();
const pw = newPasswordSchema.safeParse(password);
if (!pw.success) {
  console.error(`USER_PASSWORD: ${pw.error.issues[0]?.message}`);
  process.exit(2);
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await seedLocalRoles(database.db);
  const user = await createUser(
    database.db,
    {
      email: email.data,
      name: values.name,
      password,
      userType: values["super-admin"] ? "SUPER_ADMIN" : "USER",
      roleNames: values.role,
      mustChangePassword: !process.env.USER_PASSWORD,
    },
    { id: null, email: "cli:user:create" },
  );
  console.log(`Created ${user.userType === "SUPER_ADMIN" ? "super-admin" : "user"} ${user.email}.`);
  if (!process.env.USER_PASSWORD) console.log(`One-time password (shown once): ${password}`);
} catch (e) {
  if (e instanceof UnknownRolesError) console.error(`${e.message}. Known roles are listed on the Roles page.`);
  else if (isUniqueViolation(e)) console.error("A user with this e-mail already exists.");
  else throw e;
  process.exitCode = 1;
} finally {
  await database.close();
}
