// next-auth (v4) configuration: e-mail + password credentials, JWT session cookie (HttpOnly, SameSite=Lax,
// Secure with __Secure-/__Host- names when served over HTTPS). The JWT only carries the claims; every request
// re-checks them against the database (principal.ts), which is what enforces idle and absolute lifetimes,
// sign-out and disabling at once.
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { signInSchema } from "@/lib/schemas/auth";
import { getDatabase } from "../db";
import { env } from "../env";
import type { ErrorKey } from "../errors";
import { errorTranslatorsFor, isDatabaseUnavailable } from "../http/errors";
import { requestIp } from "../http/request-ip";
import { logger } from "../log/logger";
import { authSecret } from "./secret";
import { checkSignIn } from "./sign-in";

const userClaims = z.object({ id: z.uuid(), sid: z.uuid(), sv: z.number().int() });

export function authOptions(): NextAuthOptions {
  const config = env();
  const maxAgeSeconds = Math.floor(config.session.maxAgeMs / 1000);
  return {
    secret: authSecret(),
    useSecureCookies: config.secureCookies,
    session: { strategy: "jwt", maxAge: maxAgeSeconds },
    jwt: { maxAge: maxAgeSeconds },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const headers = new Headers();
          for (const [k, v] of Object.entries(req?.headers ?? {})) if (typeof v === "string") headers.set(k, v);
          const message = (key: ErrorKey) => errorTranslatorsFor({ req: new Request(env().appUrl, { headers }) }).errors(key);
          // The form checks both fields before it posts: what fails here came from another client.
          const parsed = signInSchema.safeParse(credentials);
          if (!parsed.success) throw new Error(message("http.signInInvalid"));
          let result: Awaited<ReturnType<typeof checkSignIn>>;
          try {
            const { db } = await getDatabase();
            result = await checkSignIn(db, {
              email: parsed.data.email,
              password: parsed.data.password,
              ip: requestIp(headers),
              userAgent: headers.get("user-agent"),
            });
          } catch (error) {
            // next-auth hands a thrown message to the form as it is: never a driver's ("connect ECONNREFUSED
            // 10.0.0.5:5432"), always one the person can act on, in their language.
            logger.error("auth.sign_in_failed", { error });
            throw new Error(message(isDatabaseUnavailable(error) ? "http.signInUnavailable" : "http.internal"));
          }
          if (!result.ok) throw new Error(result.message);
          return { id: result.claims.uid, email: result.email, name: result.name, sid: result.claims.sid, sv: result.claims.sv };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const c = userClaims.parse(user);
          return { ...token, uid: c.id, sid: c.sid, sv: c.sv };
        }
        return token;
      },
      async session({ session }) {
        return session;
      },
    },
  };
}
