// Health of the dashboard's dependencies: the database answers a query; the gateway's host accepts a connection.
import "server-only";
import net from "node:net";
import { sql } from "drizzle-orm";
import { getDatabase } from "./db";
import { env } from "./env";

export interface Health {
  ok: boolean;
  testMode: boolean;
  database: { ok: boolean; kind: "pglite" | "postgres" | null; message?: string };
  gateway: { ok: boolean; host: string; message?: string };
}

function canConnect(url: string, timeoutMs: number): Promise<{ ok: boolean; message?: string }> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === "https:" ? 443 : 80));
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port, timeout: timeoutMs });
    const done = (r: { ok: boolean; message?: string }) => {
      socket.destroy();
      resolve(r);
    };
    socket.once("connect", () => done({ ok: true }));
    socket.once("timeout", () => done({ ok: false, message: "timed out" }));
    socket.once("error", (e: NodeJS.ErrnoException) => done({ ok: false, message: e.code ?? "unreachable" }));
  });
}

export async function checkHealth(): Promise<Health> {
  const config = env();
  const database: Health["database"] = await getDatabase()
    .then(async (d) => {
      await d.db.execute(sql`select 1`);
      return { ok: true, kind: d.kind };
    })
    .catch(() => ({ ok: false, kind: null, message: "unavailable" }));
  const gatewayHost = new URL(config.gateway.baseUrl).host;
  const gateway = { host: gatewayHost, ...(await canConnect(config.gateway.baseUrl, 2_000)) };
  return { ok: database.ok && gateway.ok, testMode: config.testMode, database, gateway };
}
