// A tiny real HTTP server on 127.0.0.1 (port 0) for the client's unit tests: it captures every request exactly as
// it arrived (method, path, headers, raw body, parsed fields) and answers with whatever the test scripts.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface CapturedRequest {
  method: string;
  url: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage["headers"];
  contentType: string;
  raw: string;
  /** Fields of a multipart or urlencoded body, or the parsed JSON body. */
  fields: Record<string, unknown> | null;
}

export type Reply =
  { status?: number; headers?: Record<string, string>; body?: unknown; text?: string; delayMs?: number } | "hang" | "reset";

export type Handler = (req: CapturedRequest) => Reply | Promise<Reply>;

export interface CaptureServer {
  url: string;
  requests: CapturedRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

async function parseFields(contentType: string, raw: Buffer): Promise<Record<string, unknown> | null> {
  if (contentType.startsWith("application/json")) return JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
  if (contentType.startsWith("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
  }
  if (contentType.startsWith("multipart/form-data")) {
    const form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
    return Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  }
  return null;
}

export async function startCaptureServer(initial?: Handler): Promise<CaptureServer> {
  let handler: Handler = initial ?? (() => ({ status: 200, body: {} }));
  const requests: CapturedRequest[] = [];
  const sockets = new Set<import("node:net").Socket>();

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const u = new URL(req.url ?? "/", "http://x");
    const contentType = req.headers["content-type"] ?? "";
    const captured: CapturedRequest = {
      method: req.method ?? "",
      url: req.url ?? "",
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      headers: req.headers,
      contentType,
      raw: raw.toString("utf8"),
      fields: await parseFields(contentType, raw).catch(() => null),
    };
    requests.push(captured);
    const reply = await handler(captured);
    if (reply === "hang") return; // never answer: the client's timeout must fire
    if (reply === "reset") {
      req.socket.destroy();
      return;
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const text = reply.text ?? JSON.stringify(reply.body ?? {});
    res.writeHead(reply.status ?? 200, {
      "content-type": reply.text !== undefined ? "text/plain" : "application/json",
      ...reply.headers,
    });
    res.end(text);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
