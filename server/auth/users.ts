// Dashboard users and their roles: creation, lookup, the first super-admin, and the locally seeded roles that
// stand in for the gateway's roles until the roles mirror (administration issue) replaces them.
import { eq, inArray, sql } from "drizzle-orm";
import { STARTER_ROLES } from "@/lib/starter-roles";
import { appendAudit } from "../audit/audit-log";
import type { Db } from "../db/client";
import { roles, userRoles, users, type UserRow } from "../db/schema";
import { generatePassword, hashPassword } from "./password";
import { rememberPassword } from "./password-history";

/** Seeded locally at first start, until the roles mirror replaces them with the gateway's (same names). */
export const LOCAL_ROLES = STARTER_ROLES;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row ?? null;
}

/** Insert the local roles when the database has no role at all (first start). */
export async function seedLocalRoles(db: Db): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(roles);
  if (n > 0) return;
  await db
    .insert(roles)
    .values(LOCAL_ROLES.map((r) => ({ ...r, permissions: [...r.permissions], source: "local" })))
    .onConflictDoNothing();
}

export interface NewUser {
  email: string;
  name: string;
  password: string | null;
  userType: "USER" | "SUPER_ADMIN";
  roleNames?: string[];
  /** The next sign-in must change the password (the generated first super-admin's). */
  mustChangePassword?: boolean;
}

export class UnknownRolesError extends Error {
  constructor(readonly names: string[]) {
    super(`Unknown roles: ${names.join(", ")}`);
  }
}

export async function createUser(db: Db, u: NewUser, actor: { id: string | null; email: string | null; ip?: string | null }) {
  const passwordHash = u.password ? await hashPassword(u.password) : null;
  return db.transaction(async (tx) => {
    const wanted = [...new Set(u.roleNames ?? [])];
    const found = wanted.length ? await tx.select().from(roles).where(inArray(roles.name, wanted)) : [];
    const missing = wanted.filter((n) => !found.some((r) => r.name === n));
    if (missing.length) throw new UnknownRolesError(missing);
    const [user] = await tx
      .insert(users)
      .values({
        email: normaliseEmail(u.email),
        name: u.name,
        passwordHash,
        userType: u.userType,
        passwordChangedAt: passwordHash ? new Date() : null,
        mustChangePassword: u.mustChangePassword ?? false,
      })
      .returning();
    if (passwordHash) await rememberPassword(tx, user!.id, passwordHash);
    if (found.length) await tx.insert(userRoles).values(found.map((r) => ({ userId: user!.id, roleId: r.id })));
    await appendAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      ip: actor.ip ?? null,
      action: "user.create",
      targetType: "user",
      targetId: user!.id,
      summary: { email: user!.email, userType: u.userType, roles: wanted },
    });
    return user!;
  });
}

/**
 * First start: when no user exists, create a super-admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated
 * one-time password that is returned so that it can be printed once.
 */
export async function bootstrapFirstAdmin(
  db: Db,
  fromEnv: { email: string; password: string } | null,
): Promise<{ email: string; password: string | null } | null> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return null;
  // A reserved domain that passes e-mail validation (admin@localhost would not: the sign-in form needs a dot).
  const email = fromEnv?.email ?? "admin@example.com";
  const password = fromEnv?.password ?? generatePassword();
  // A generated password was printed on the console: it must be changed at first sign-in (the gate: server/auth).
  await createUser(
    db,
    { email, name: "Administrator", password, userType: "SUPER_ADMIN", mustChangePassword: !fromEnv },
    { id: null, email: "system" },
  );
  return { email, password: fromEnv ? null : password };
}
