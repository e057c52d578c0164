// GET, POST /api/auth/*: next-auth's endpoints, only those the sign-in form uses (its providers list, the CSRF
// token, the credentials callback, the session read after it). Public by nature; the credentials check itself
// throttles and audits (server/auth/sign-in.ts). Every other next-auth action answers 404: its own sign-out, in
// particular, would clear the cookie but leave the session alive on the server (the dashboard signs out through
// /api/session/sign-out, which ends the session row), and its sign-in and error pages are not the dashboard's.
import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/options";
import { errorAnswer } from "@/server/http/errors";
import { publicRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

/** The next-auth actions the dashboard uses, per method (the path after /api/auth/). */
export const NEXT_AUTH_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  GET: ["providers", "csrf", "session"],
  POST: ["callback/credentials"],
};

const handler = publicRoute("sign-in: next-auth's own endpoints", async (req, ctx) => {
  const params = await (ctx as { params: Promise<{ nextauth?: string[] }> }).params;
  const action = (params.nextauth ?? []).join("/");
  if (!(NEXT_AUTH_ACTIONS[req.method] ?? []).includes(action)) return errorAnswer({ req }, "not_found", "http.notFound");
  // next-auth parses a JSON body without a guard (broken JSON would be a 500): refuse it as the other routes do.
  if (req.method === "POST" && /application\/json/i.test(req.headers.get("content-type") ?? "")) {
    try {
      JSON.parse(await req.clone().text());
    } catch {
      return errorAnswer({ req }, "invalid_request", "http.bodyNotJson");
    }
  }
  // Options are built per request: they read the configuration and the signing secret, never at build time.
  const res = await NextAuth(
    req as NextRequest,
    { params: Promise.resolve(params) } as { params: Promise<{ nextauth: string[] }> },
    authOptions(),
  );
  // next-auth answers 500 "server configuration" for a request it cannot place (no action, a callbackUrl that is
  // not an http(s) URL in the query, body or cookie); our configuration is fixed, so these are the caller's fault.
  if (res.status === 500) return errorAnswer({ req }, "invalid_request", "http.signInInvalid");
  return res;
});

export { handler as GET, handler as POST };
