// fast-check arbitraries for hostile requests: wrong types, huge strings, unicode (bidi overrides, NUL, lone
// surrogates, emoji), negative and enormous amounts, SQL/HTML/template/path injection strings, prototype-pollution
// keys, broken JSON, wrong content types, hostile query strings, path parameters and forwarding headers. Bodies
// mix random JSON with "nearly valid" objects built from the field names the app's schemas use, so that the
// hostile values reach past the first check into the deeper rules.
import fc from "fast-check";

export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; select pg_sleep(5)--",
  "\\'; copy (select '') to program 'id'; --",
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "{{7*7}}",
  "${7*7}",
  "#{7*7}",
  "<%= 7*7 %>",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "\u0000",
  "\u202e\u0644\u0627 gnp.exe",
  "\ud800",
  "\udfff\ud800",
  "𝕏😀👩‍👩‍👧‍👦",
  "مرحبا بالعالم",
  "__proto__",
  "constructor",
  "prototype",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e309",
  "0x7fffffffffffffff",
  "99999999999999999999999999999",
  "-1",
  "0.001",
  "1,000.00",
  "١٢٣",
  "=cmd|' /C calc'!A0",
  "@SUM(1+1)",
  "\r\nSet-Cookie: a=b",
  "%0d%0aLocation:%20https://evil.example",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "SAR",
  "sar",
  "XXX",
  " ",
  "",
];

export const FIELD_NAMES = [
  "amount",
  "amountMinor",
  "amountMin",
  "amountMax",
  "currency",
  "orderId",
  "note",
  "reasonCode",
  "reason",
  "idempotencyKey",
  "email",
  "name",
  "password",
  "currentPassword",
  "newPassword",
  "confirmPassword",
  "token",
  "status",
  "roleIds",
  "roleNames",
  "permissions",
  "description",
  "cardNumber",
  "cvv",
  "expMonth",
  "expYear",
  "cardToken",
  "recurringInit",
  "saveCard",
  "auth",
  "customerName",
  "firstName",
  "lastName",
  "phone",
  "country",
  "city",
  "address",
  "zip",
  "query",
  "q",
  "cursor",
  "sort",
  "dir",
  "from",
  "to",
  "tz",
  "ids",
  "cols",
  "page",
  "size",
  "text",
  "mode",
  "interface",
  "userType",
  "paymentId",
  "partnerId",
  "branchId",
  "businessUnitId",
  "expiry",
  "expireDate",
  "items",
  "url",
  "__proto__",
  "constructor",
  "prototype",
];

const HUGE = "A".repeat(70_000);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...INJECTIONS), fc.uuid()).map(([a, b]) => `${b}${a}`) },
  { weight: 1, arbitrary: fc.constantFrom(HUGE, "é".repeat(5_000), "\u0000".repeat(1_000), "9".repeat(400)) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.005,
    -0.01,
    1e21,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER,
    2 ** 63,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 1, arbitrary: fc.array(tie("v"), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie("v"), { maxKeys: 4 }) },
  ),
})).v;

/** JSON texts: random JSON, nearly valid objects, pollution, broken, huge, deeply nested, not objects at all. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { minKeys: 1, maxKeys: 8 }).map((o) => JSON.stringify(o)),
  },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.anything().map((v) => JSON.stringify(v) ?? "undefined") },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIELD_NAMES), hostileValue)
      .map(
        ([k, v]) =>
          `{"__proto__":{"isAdmin":true,"permissions":["*"]},"constructor":{"prototype":{"polluted":1}},${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"}}`,
      ),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1) || "{") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "null",
      "[]",
      "0",
      '""',
      "{",
      "{'a':1}",
      '{"a":1,}',
      '{"a":1}{"b":2}',
      "\ufeff{}",
      `{"note":"${HUGE}"}`,
      `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
      `{"amount":1e999,"amountMinor":-1e999}`,
      `{"amountMinor":123456789012345678901234567890}`,
    ),
  },
);

export const hostileContentType: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-16",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "",
      "application/jsonp",
      "APPLICATION/JSON",
      null,
    ),
  },
);

/** Query strings: keys from the schemas and hostile ones, hostile values, repeated keys, raw broken encodings. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...FIELD_NAMES, "statuses", "currency", "limit"), hostileString),
          fc.oneof(hostileString, hostileNumber.map(String)),
        ),
        { maxLength: 6 },
      )
      .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, v] as [string, string])).toString()),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "%",
      "%zz",
      "a=%E0%A4%A",
      "&&&==&",
      "cursor=%00",
      "page=-1&size=1000000",
      "__proto__[x]=1&constructor[prototype][y]=2",
    ),
  },
);

/** Forwarding and identification headers the app reads (client IP into audit rows, user agent into sessions). */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    "x-forwarded-for": fc.oneof(
      fc.constantFrom("1.2.3.4", "::1", "not-an-ip", "1.2.3.4, <script>", "A".repeat(8_000)),
      hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, "?")),
    ),
    "user-agent": hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, "?").slice(0, 8_000)),
  },
  { requiredKeys: [] },
);

/** Path-parameter values: the sample, near misses, and hostile strings. */
export function hostileParam(sample: string | string[]): fc.Arbitrary<string | string[]> {
  const one = typeof sample === "string" ? sample : (sample[0] ?? "x");
  const str = fc.oneof(
    { weight: 2, arbitrary: fc.constant(one) },
    { weight: 1, arbitrary: fc.constantFrom(one.toUpperCase(), ` ${one}`, `${one}\u0000`, `${one}/../x`, one.slice(0, -1)) },
    { weight: 5, arbitrary: hostileString.map((s) => s.slice(0, 2_000)) },
  );
  return Array.isArray(sample) ? fc.array(str, { minLength: 1, maxLength: 4 }) : str;
}
