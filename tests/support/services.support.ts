// Integration-test support for services: a real sandbox on a free port, a real database (PGlite, and Postgres
// when TEST_POSTGRES_URL is set), a gateway client pointed at that sandbox, and users to act as.
import { startSandbox } from "../../sandbox/server";
import type { Principal } from "../../server/auth/principal";
import { readConfig } from "../../server/config";
import { createGatewayCallLog } from "../../server/db/gateway-call-log";
import type { TestDatabase } from "./db.support";
import { profileEnv } from "./profile-env.support";
import { createGatewayClient } from "../../server/gateway/client";
import { createLogger } from "../../server/log/logger";
import { PERMISSIONS, type Permission } from "@/lib/permissions";
import { users } from "../../server/db/schema";
import { AppError } from "../../server/errors";
import type { ServiceDeps } from "../../server/services/deps";

/** `log` sees the sandbox's request lines (method, path, operation, status): a test can count what reached it. */
export async function startTestSandbox(log?: (line: string) => void) {
  return startSandbox({ port: 0, dataDir: null, callbackUrl: null, log });
}

export function testDeps(database: TestDatabase, sandboxUrl: string, env: Record<string, string> = {}): ServiceDeps {
  // The gateway profile of this run (GATEWAY_PROFILE=family in the second pass of `npm test`), unless the test sets one.
  const config = readConfig({ ...profileEnv(), ...env, DATA_DIR: "/tmp/unused-test-data" });
  const gatewayConfig = {
    ...config.gateway,
    baseUrl: sandboxUrl,
    apiUrl: sandboxUrl,
    requestTimeoutMs: Number(env.GATEWAY_TIMEOUT_MS ?? 5_000),
  };
  const gateway = createGatewayClient(gatewayConfig, {
    recorder: createGatewayCallLog(database.db),
    logger: createLogger({ sink: () => {} }),
  });
  return { db: database.db, gateway, config: { ...config, gateway: gatewayConfig }, now: () => new Date() };
}

/** Inserts a user row and returns a principal holding the given permissions (all, for a super-admin). */
export async function testPrincipal(db: ServiceDeps["db"], name: string, permissions: Permission[] | "all"): Promise<Principal> {
  const [u] = await db
    .insert(users)
    .values({
      email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@test.example`,
      name,
      userType: permissions === "all" ? "SUPER_ADMIN" : "USER",
    })
    .returning();
  return {
    userId: u!.id,
    sessionId: "00000000-0000-4000-8000-000000000000",
    email: u!.email,
    name,
    userType: u!.userType === "SUPER_ADMIN" ? "SUPER_ADMIN" : "USER",
    permissions: new Set(permissions === "all" ? PERMISSIONS : permissions),
  };
}

/** The AppError code a service call ends with ("ok" when it succeeds): what the API would answer. */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
}
