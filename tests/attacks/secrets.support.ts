// The secrets check shared by every attack suite: no answer of any route handler (body or header) contains a
// secret value the server holds, raw or in the encodings a response could carry it in.
import { expect } from "vitest";
import { SECRETS, type Answer } from "./harness.support";

function forms(value: string): string[] {
  return [value, encodeURIComponent(value), Buffer.from(value).toString("base64"), Buffer.from(value).toString("base64url")];
}

const NEEDLES = Object.entries(SECRETS).flatMap(([name, value]) => forms(value).map((form) => ({ name, form })));

/** Names of the secrets found in the answer (empty when clean). */
export function secretsIn(answer: Pick<Answer, "text" | "headers">): string[] {
  const headerText = [...answer.headers].map(([k, v]) => `${k}: ${v}`).join("\n");
  const hay = `${answer.text}\n${headerText}`;
  return [...new Set(NEEDLES.filter((n) => hay.includes(n.form)).map((n) => n.name))];
}

export function assertNoSecrets(answer: Pick<Answer, "text" | "headers">, what: string): void {
  expect(secretsIn(answer), `${what} leaked a secret`).toEqual([]);
}
