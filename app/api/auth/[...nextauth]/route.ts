// GET, POST /api/auth/*: next-auth's endpoints (CSRF token, credentials sign-in). Public by nature; the
// credentials check itself throttles and audits (server/auth/sign-in.ts).
import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/options";
import { publicRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

const handler = publicRoute("sign-in: next-auth's own endpoints", (req, ctx) =>
  // Options are built per request: they read the configuration and the signing secret, never at build time.
  NextAuth(req as NextRequest, ctx as { params: Promise<{ nextauth: string[] }> }, authOptions()),
);

export { handler as GET, handler as POST };
