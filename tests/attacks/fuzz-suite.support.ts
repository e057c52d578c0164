// Threat guarded: hostile input (wrong types, huge strings, unicode, negative and enormous amounts, injection
// strings, prototype-pollution keys, broken JSON, wrong content types, hostile query strings, path parameters,
// cookies and forwarding headers) crashing a handler, leaking internals, or writing anything. For every route
// handler of the route list, a fast-check property runs 1,000 hostile requests through the real stack with a
// super-admin session (so that input reaches past the permission check into parsing and the services) and holds:
// never a 5xx; an error is always the one shape {"error":{"code","message"}}; no answer carries a secret; and,
// when every request was refused, no table changed and the audit chain still verifies. Routes that legitimately
// accept any input (lists, exports) or write by design (the notification receiver stores every notification;
// sign-in attempts are throttled and audited) are listed below with what they may write.
// Heavy, so one database target (Postgres when TEST_POSTGRES_URL is set, else PGlite), and the route list is cut in
// two files (fuzz-1/fuzz-2.test.ts) that vitest runs in parallel; the matrix and the other suites run on both.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../server/audit/audit-log";
import { testDatabaseTargets, type TestDatabase } from "../support/db.support";
import { defaultNotificationQueue } from "../../server/services/notifications/notification-queue";
import {
  call,
  captureAppLog,
  changedTables,
  COOKIE_NAME,
  createActor,
  declaredRoutes,
  installDatabase,
  isErrorShape,
  routeOf,
  SAMPLE_PARAMS,
  SECRETS,
  segmentsOf,
  snapshot,
  startAttackSandbox,
  stopAttackSandbox,
  uninstallDatabase,
  type Actor,
  type CallOptions,
  type DeclaredRoute,
} from "./harness.support";
import { hostileContentType, hostileHeaders, hostileJsonText, hostileParam, hostileQuery, hostileString } from "./hostile.support";
import { secretsIn } from "./secrets.support";

const ROUTES = await declaredRoutes();
const LIST = routeOf(ROUTES, "GET", "transactions");
const RUNS = Number(process.env.ATTACK_FUZZ_RUNS ?? 1_000);

/**
 * Routes where random input can be a valid request (no body and a lenient or no query; a saved view takes any name
 * and any query it can read): a 2xx is fine there, and only the tables of people, payments and sessions must stay.
 */
const ACCEPTS_RANDOM_INPUT = new Set([
  "GET admin/audit",
  "GET admin/audit/export",
  "GET admin/branches",
  "GET admin/roles",
  "POST admin/roles/refresh",
  "GET health",
  "HEAD health",
  // The probes take no input: liveness, readiness, and the gateway's reachability for a signed-in caller.
  "GET health/live",
  "HEAD health/live",
  "GET health/ready",
  "GET health/gateway",
  "GET payments/links",
  "GET recurring",
  "GET transactions",
  "GET transactions/export",
  // The refunds history's export: every filter is optional (the whole history), like the transactions export.
  "GET refunds/export",
  "GET transactions/views",
  // Search from anywhere: any text is a search (it reads the ledger and writes nothing).
  "GET search",
  "GET recurring/plans",
  "GET reports/schedules",
  // Every report option has a default (the last 30 days, every branch and currency, CSV): a download is audited.
  "GET reports/[report]",
  "POST session/sign-out",
  "POST transactions/views",
  "GET auth/[...nextauth]",
  "POST auth/[...nextauth]",
  // No input at all: the caller's own sessions, and signing out the others (the attacker's own session stays).
  "GET account/sessions",
  "POST account/sessions/end-others",
  "POST account/passkeys/options",
  "POST session/passkey/options",
  // Any well-formed e-mail address gets the one answer (no account enumeration); a link goes out only to an account.
  "POST session/password-reset",
  // A saved-card lookup is a read sent as POST (the e-mail stays out of URLs): any well-formed address is a valid
  // lookup, and RFC 6531's syntax lets fast-check's e-mail addresses (`$\`a|b@c.dar`) through, as it should.
  "POST saved-cards/lookup",
  // No input: starting an authenticator app's set-up from the Account page (when the user has none) answers a key.
  "POST account/totp",
]);

/** Tables a route may write even when it refuses the input, by design. Every other table must stay as it was. */
const WRITES_BY_DESIGN: Record<string, string[]> = {
  // Every notification is stored once (the dedupe key), even with a bad hash: an audit trail of what was received.
  "POST webhooks/gateway/[secret]": ["gateway_notifications"],
  "POST webhooks/gateway": ["gateway_notifications"],
  // Failed sign-ins are counted for throttling (a lock row past the limit) and audited; so are wrong current
  // passwords and wrong set-password links.
  "POST auth/[...nextauth]": ["login_attempts", "throttle_locks", "audit_log"],
  "POST account/password": ["login_attempts", "throttle_locks", "audit_log"],
  "POST session/set-password": ["login_attempts", "throttle_locks", "audit_log"],
  // Signing out the other sessions is audited even when there is none.
  "POST account/sessions/end-others": ["audit_log"],
  // Exports are audited; the role search and refresh mirror the gateway's roles.
  "GET admin/audit/export": ["audit_log"],
  "GET transactions/export": ["audit_log"],
  "GET refunds/export": ["audit_log"],
  "GET reports/[report]": ["audit_log"],
  "GET admin/roles": ["roles", "audit_log"],
  "POST admin/roles/refresh": ["roles", "audit_log"],
  // A well-formed delete reaches the gateway, and the attempt is audited whatever the gateway answers.
  "DELETE admin/partners/[partnerId]": ["audit_log"],
  // Passkey options issue a WebAuthn challenge for the session (the previous one is replaced); an answer spends it.
  "POST account/passkeys/options": ["mfa_challenges"],
  "POST account/passkeys": ["mfa_challenges"],
  "POST session/passkey/options": ["mfa_challenges"],
  // Starting an authenticator set-up keeps its key, unconfirmed, until a code confirms it (the next start replaces it).
  "POST account/totp": ["mfa_totp"],
  // A wrong second factor is counted for the factor throttle and audited (a well-formed code can be random input);
  // enough of them lock the step (a throttle_locks row).
  "POST session/second-factor": ["mfa_failures", "audit_log", "throttle_locks"],
  "POST session/step-up": ["mfa_failures", "audit_log", "throttle_locks"],
  "POST session/passkey": ["mfa_failures", "audit_log", "mfa_challenges", "throttle_locks"],
  "POST session/enrolment/totp": ["mfa_failures", "audit_log", "throttle_locks"],
};

const EXPORTS = new Set(["GET admin/audit/export", "GET transactions/export", "GET refunds/export"]);

/** Answers that are not the dashboard's JSON API: the gateway's plain-text protocol, next-auth's own endpoints. */
const OWN_PROTOCOL = new Set(["webhooks/gateway/[secret]", "webhooks/gateway", "auth/[...nextauth]"]);
/** The receiver's two doors: the secret in the path, or in the X-Webhook-Secret header. */
const RECEIVERS = new Set(["webhooks/gateway/[secret]", "webhooks/gateway"]);

const hostileCookie = (admin: Actor): fc.Arbitrary<string | null> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(admin.cookie) },
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(hostileString, fc.constantFrom("%", "%zz", "%E0%A4%A", "a%", `${admin.cookie.slice(COOKIE_NAME.length + 1)}%`))
        .map((v) => `${COOKIE_NAME}=${v.replace(/[^\x21-\x7e]/g, "_").slice(0, 4_000)}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${admin.cookie}; ${COOKIE_NAME}=forged`,
        `${COOKIE_NAME}=forged; ${admin.cookie}`,
        "=;=;;",
        `${COOKIE_NAME}`,
      ),
    },
  );

function requestArb(r: DeclaredRoute, admin: Actor): fc.Arbitrary<CallOptions> {
  const segments = segmentsOf(r.route);
  const params = fc.record(
    Object.fromEntries(segments.map((s) => [s, hostileParam(SAMPLE_PARAMS[r.route]![s]!)])) as Record<
      string,
      fc.Arbitrary<string | string[]>
    >,
  );
  // Sign-out with the admin's cookie would end the admin's sessions: it is attacked with hostile cookies only.
  const token = admin.cookie.slice(COOKIE_NAME.length + 1);
  const cookie = r.route === "session/sign-out" ? hostileCookie(admin).filter((c) => !c?.includes(token)) : hostileCookie(admin);
  // The receiver is attacked behind its real path secret as well as a wrong one.
  const paramsArb = r.route === "webhooks/gateway/[secret]" ? fc.oneof(fc.constant({ secret: SECRETS.webhook }), params) : params;
  // An accepted export streams every matching row and is itself audited: over 1,000 runs the audit log export would
  // grow quadratically. Exports start from an empty date window; a hostile `to` later in the query still wins.
  const baseQuery = EXPORTS.has(`${r.method} ${r.route}`) ? "to=2000-01-01&" : "";
  return fc.record({
    params: paramsArb,
    query: fc.oneof(fc.constant(""), hostileQuery).map((q) => `${baseQuery}${q}`),
    body: hostileJsonText,
    contentType: hostileContentType,
    cookie,
    // The header door is attacked behind its real secret as well as a wrong, hostile or missing one.
    headers:
      r.route === "webhooks/gateway"
        ? fc
            .tuple(
              hostileHeaders,
              fc.oneof(
                fc.constant(SECRETS.webhook),
                hostileString.map((x) => x.replace(/[^\x20-\x7e]/g, "?")),
                fc.constant(null),
              ),
            )
            .map(([h, secret]) => (secret === null ? h : { ...h, "x-webhook-secret": secret }))
        : hostileHeaders,
  });
}

/** Registers the fuzz of every `parts`-th route handler, starting at `part` (0-based). */
export function describeFuzz(part: number, parts: number) {
  afterAll(() => stopAttackSandbox());

  if (part === 0) {
    describe("fuzz: the route list", () => {
      it("every route handler is fuzzed (the list of exceptions names only existing routes)", () => {
        const keys = new Set(ROUTES.map((r) => `${r.method} ${r.route}`));
        expect([...ACCEPTS_RANDOM_INPUT, ...Object.keys(WRITES_BY_DESIGN)].filter((k) => !keys.has(k))).toEqual([]);
      });
    });
  }

  describe.each(testDatabaseTargets().slice(-1))(`hostile input on $name (part ${part + 1} of ${parts})`, (target) => {
    let database: TestDatabase;
    let admin: Actor;
    const log = captureAppLog();

    beforeAll(async () => {
      await startAttackSandbox();
      database = await target.open();
      await installDatabase(database);
      admin = await createActor(database.db, "super-admin");
    });
    afterAll(async () => {
      await defaultNotificationQueue().idle();
      log.restore();
      await uninstallDatabase();
      await database?.dispose();
    });

    if (part === 0) {
      it("regressions the fuzz found: each answered 4xx, not 500", async () => {
        const auth = (m: string) => routeOf(ROUTES, m, "auth/[...nextauth]");
        const hook = routeOf(ROUTES, "POST", "webhooks/gateway/[secret]");
        const cases: Array<[string, Promise<{ status: number }>]> = [
          ["next-auth: broken JSON body", call(auth("POST"), { params: { nextauth: ["callback", "credentials"] }, body: '{"a":1}{' })],
          [
            "next-auth: callbackUrl not http(s)",
            call(auth("GET"), { params: { nextauth: ["session"] }, query: "callbackUrl=javascript:alert(1)" }),
          ],
          ["next-auth: no action", call(auth("GET"), { params: { nextauth: [""] } })],
          [
            "receiver: unpaired surrogate in JSON",
            call(hook, { params: { secret: SECRETS.webhook }, body: '{"trans_id":"\\ud800","order_id":"x"}' }),
          ],
          [
            "receiver: NUL in a form field",
            call(hook, { params: { secret: SECRETS.webhook }, body: "order_id=a%00b", contentType: "application/x-www-form-urlencoded" }),
          ],
          [
            "receiver: a token whose tail would split an emoji",
            call(hook, { params: { secret: SECRETS.webhook }, body: JSON.stringify({ order_id: "o-1", card_token: "tok_😀😀😀😀😀x" }) }),
          ],
          ["session cookie with a malformed escape", call(LIST, { cookie: `${COOKIE_NAME}=%E0%A4%A` })],
          ["NUL in the transactions search", call(LIST, { cookie: admin.cookie, query: "q=a%00b" })],
          [
            "NUL in the export's search (was a stream cut mid-answer)",
            call(routeOf(ROUTES, "GET", "transactions/export"), { cookie: admin.cookie, query: "q=%00" }),
          ],
        ];
        for (const [what, res] of cases) expect({ what, server: (await res).status >= 500 }).toEqual({ what, server: false });
        await defaultNotificationQueue().idle();
      });
    }

    it.each(ROUTES.filter((_, i) => i % parts === part).map((r) => ({ r, label: `${r.method} /api/${r.route}` })))(
      `$label: ${RUNS} hostile requests: no 5xx, one error shape, no secret, nothing written`,
      async ({ r }) => {
        const key = `${r.method} ${r.route}`;
        await defaultNotificationQueue().idle(); // what an earlier test queued is done before the snapshot
        const before = await snapshot(database.db);
        const logFrom = log.lines.length;
        let accepted = 0;
        await fc.assert(
          fc.asyncProperty(requestArb(r, admin), async (o) => {
            const res = await call(r, o);
            // Built only for a failure's message: the log grows with every request of the file, and scanning it on
            // each of the thousands of requests made the scan cost grow with the run.
            const where = () =>
              `${key} → ${res.status} ${res.text.slice(0, 300)}\n${log.lines
                .slice(logFrom)
                .filter((l) => l.includes('"level":"error"'))
                .slice(-1)
                .join("")}`;
            if (res.status >= 500) throw new Error(`5xx: ${where()}`);
            const leaked = secretsIn(res);
            if (leaked.length) throw new Error(`secret ${leaked.join(", ")} in the answer of ${key}`);
            if (res.status < 300 || (res.status < 400 && OWN_PROTOCOL.has(r.route))) {
              accepted++;
              if (!ACCEPTS_RANDOM_INPUT.has(key) && !OWN_PROTOCOL.has(r.route))
                throw new Error(`hostile input accepted: ${where()}\n${JSON.stringify(o).slice(0, 500)}`);
            } else if (res.status >= 400 && !OWN_PROTOCOL.has(r.route) && !isErrorShape(res.json)) {
              throw new Error(`not the error shape: ${where()}`);
            } else if (RECEIVERS.has(r.route) && !/^text\/plain/.test(res.headers.get("content-type") ?? "")) {
              throw new Error(`the receiver answers plain text: ${where()}`);
            }
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
        await defaultNotificationQueue().idle();
        const allowed = new Set(WRITES_BY_DESIGN[key] ?? []);
        const changed = changedTables(before, await snapshot(database.db)).filter((t) => !allowed.has(t));
        if (!ACCEPTS_RANDOM_INPUT.has(key) || accepted === 0) expect(changed, `${key} wrote to ${changed.join(", ")}`).toEqual([]);
        else
          expect(
            changed.filter((t) =>
              ["payments", "payment_actions", "users", "user_roles", "sessions", "payment_links", "password_tokens"].includes(t),
            ),
          ).toEqual([]);
        expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true });
        // The attacker's session is still good: the next route is attacked past the session check too.
        expect((await call(LIST, { cookie: admin.cookie })).status).toBe(200);
      },
      600_000,
    );
  });
}
