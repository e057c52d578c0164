// Test support: a customer paying a payment link on the sandbox's hosted checkout page, as a browser would.
import { expect } from "vitest";

/** The customer on the hosted page: GET it, then POST the card form as a browser would; returns the redirect. */
export async function payOnHostedPage(url: string, card = { number: "4111111111111111", month: "01", year: "2038" }): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
  expect(action).toBeTruthy();
  const res = await fetch(action!, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      cardNumber: card.number,
      expiryMonth: card.month,
      expiryYear: card.year,
      cvv: "123",
      cardholderName: "Noura Test",
    }),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!);
}
