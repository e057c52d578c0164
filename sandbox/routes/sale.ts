// Form SALE (contract 4.1) on POST /payment/post: card data, or a saved card token (protocol family). Answers
// REDIRECT to the collector; a token sale of a frictionless card answers its final result at once.
import { formatAmount, isCurrency, readAmountText } from "../amounts";
import { checkCard, needsChallenge } from "../cards";
import type { Ctx, Deps } from "../context";
import { isIpv4, randomHex, transDate } from "../format";
import { saleSignature, sameDigest, tokenSaleSignature } from "../hashes";
import {
  INVALID_HASH,
  INVALID_MERCHANT,
  formError,
  invalidRequest,
  json,
  missing,
  safeEqual,
  str,
  type Fields,
  type Reply,
} from "../http-util";
import { createPayment, decide } from "../payments";
import type { CardInfo, Payment } from "../types";

const REQUIRED = [
  "order_id",
  "order_amount",
  "order_currency",
  "order_description",
  "payer_first_name",
  "payer_last_name",
  "payer_address",
  "payer_country",
  "payer_city",
  "payer_zip",
  "payer_email",
  "payer_phone",
  "payer_ip",
  "term_url_3ds",
  "hash",
] as const;

export function clientKeyOk(fields: Fields, deps: Deps, name = "client_key"): boolean {
  return safeEqual(str(fields, name) ?? "", deps.config.clientKey);
}

export function isHttpUrl(text: string | undefined): boolean {
  try {
    const u = new URL(text ?? "");
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** Problems with optional Y/N flags. */
export function flagProblems(fields: Fields, names: string[]): string[] {
  return names.filter((n) => str(fields, n) !== undefined && !/^[YN]$/.test(str(fields, n)!)).map((n) => `${n}: must be Y or N`);
}

export function saleHandler(ctx: Ctx, deps: Deps): Reply {
  const f = ctx.fields;
  if (!clientKeyOk(f, deps)) return formError(204002, INVALID_MERCHANT);
  // Protocol family: card_token replaces the card fields; when card data is also sent, the token is ignored.
  const token = str(f, "card_number") ? undefined : str(f, "card_token");
  const problems = missing(f, REQUIRED).map((n) => `${n}: is required`);
  const currency = str(f, "order_currency") ?? "";
  if (currency && !isCurrency(currency)) problems.push("order_currency: unsupported currency");
  const amountText = str(f, "order_amount");
  const amount = amountText && isCurrency(currency) ? readAmountText(amountText, currency, deps.config.profile.amountDecimals) : null;
  if (amount && !amount.ok) problems.push(`order_amount: ${amount.problem}`);
  const email = str(f, "payer_email") ?? "";
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) problems.push("payer_email: invalid e-mail");
  // payer_ip is the customer's IPv4 address (the contract's 4.5 wording; the family's S2S CARD: "IP-address of the
  // Customer", format XXX.XXX.XXX.XXX); payer_zip has a per-profile maximum (up to 10 in the family, 5 in some markets).
  const ip = str(f, "payer_ip");
  if (ip && !isIpv4(ip)) problems.push("payer_ip: must be an IPv4 address");
  const zip = str(f, "payer_zip");
  const zipMax = deps.config.profile.payerZipMaxLength;
  if (zip && [...zip].length > zipMax) problems.push(`payer_zip: at most ${zipMax} characters`);
  if (str(f, "term_url_3ds") && !isHttpUrl(str(f, "term_url_3ds"))) problems.push("term_url_3ds: must be an http(s) URL");
  problems.push(...flagProblems(f, ["auth", "recurring_init", "save_token", "req_token"]));
  const holder = `${str(f, "payer_first_name") ?? ""} ${str(f, "payer_last_name") ?? ""}`.trim();
  let card: CardInfo | null = null;
  if (!token) {
    const checked = checkCard(
      {
        number: str(f, "card_number"),
        expMonth: str(f, "card_exp_month"),
        expYear: str(f, "card_exp_year"),
        cvv: str(f, "card_cvv2"),
        holder,
      },
      { number: "card_number", expMonth: "card_exp_month", expYear: "card_exp_year", cvv: "card_cvv2" },
    );
    if (checked.ok) card = checked.card;
    else problems.push(...checked.errors);
  }
  if (problems.length || !amount?.ok || !isCurrency(currency)) return invalidRequest(problems);
  const amountMinor = amount.minor;

  const secret = deps.config.merchantSecret;
  const expected = token
    ? tokenSaleSignature(email, secret, token, deps.config.profile.caseMode)
    : saleSignature(email, secret, { bin6: card!.bin6, last4: card!.last4 }, deps.config.profile.caseMode);
  if (!sameDigest(expected, str(f, "hash")!)) return invalidRequest([INVALID_HASH]);

  if (token) {
    const saved = deps.store.data.savedCards.find((c) => safeEqual(c.cardToken, token));
    if (!saved) return formError(205005, "Card token is invalid or not found");
    if (!saved.isActive || saved.customerReference !== email) return formError(205007, "Card token is not accessible");
    card = { ...saved.card, holder };
  }
  const orderId = str(f, "order_id")!;
  if (deps.store.orderTaken(orderId)) return invalidRequest(["order_id: Duplicate order_id"]);

  const p = createPayment(deps, {
    kind: token ? "token" : "form",
    orderId,
    description: str(f, "order_description")!,
    currency,
    amountMinor,
    auth: str(f, "auth") === "Y",
    recurringInit: str(f, "recurring_init") === "Y",
    saveToken: !token && str(f, "save_token") === "Y",
    card: card!,
    payer: { email, name: holder, phone: str(f, "payer_phone")!, ip: str(f, "payer_ip") ?? null },
    termUrl: str(f, "term_url_3ds")!,
    usedToken: token ?? null,
  });
  if (token && !needsChallenge(p.card)) {
    decide(deps, p);
    return json(200, finalSaleResult(deps, p));
  }
  return json(200, redirectResult(deps, p));
}

function baseResult(deps: Deps, p: Payment): Record<string, string> {
  return {
    action: "SALE",
    order_id: p.orderId,
    trans_id: p.id,
    trans_date: transDate(p.createdAt),
    amount: formatAmount(p.amountMinor, p.currency, deps.config.profile.amountDecimals),
    currency: p.currency,
  };
}

/** Contract 2.2: REDIRECT to `/collector/{trans_id}` with an opaque base64 body that must come back unchanged. */
function redirectResult(deps: Deps, p: Payment): Record<string, unknown> {
  const body = Buffer.from(
    JSON.stringify({ trans_id: p.id, order_id: p.orderId, issued: new Date(p.createdAt).toISOString(), nonce: randomHex(12) }),
  ).toString("base64");
  p.stage = "collector";
  p.collectorBody = body;
  deps.store.changed();
  return {
    ...baseResult(deps, p),
    result: "REDIRECT",
    status: "REDIRECT",
    redirect_url: `${deps.config.publicUrl}/collector/${p.id}`,
    redirect_params: { body },
    redirect_method: "POST",
  };
}

/** Protocol family: SUCCESS+SETTLED, SUCCESS+PENDING (auth=Y) or DECLINED+DECLINED. */
function finalSaleResult(deps: Deps, p: Payment): Record<string, string> {
  if (p.state === "declined") {
    return { ...baseResult(deps, p), result: "DECLINED", status: "DECLINED", decline_reason: p.declineReason ?? "" };
  }
  return { ...baseResult(deps, p), result: "SUCCESS", status: p.state === "pending" ? "PENDING" : "SETTLED", rrn: p.rrn ?? "" };
}
