// Sandbox-only control endpoints under /__sandbox (not part of the real gateway): faults, reset, forced declines,
// callback log, challenge mode, token deactivation, and the hostile page's escape reports.
import type { Ctx, Deps } from "../context";
import { FAULT_KINDS, type FaultKind } from "../faults";
import { htmlReply, json, str, type Reply } from "../http-util";
import { errorPage } from "../pages";
import { ACS_BADGE_SVG } from "../acs";
import { own } from "../state";
import type { OperationName } from "../types";
import { DEFAULT_FEES, SETTLEMENT_FAULTS, settlementCsv, settlementRows, settlementXlsx, type SettlementFault } from "../settlement-file";

export const OPERATIONS: readonly OperationName[] = [
  "sale",
  "collector",
  "challenge",
  "capture",
  "creditvoid",
  "void",
  "recurring_sale",
  "partial_refund",
  "status",
  "saved_cards",
  "initiate",
  "hosted_page",
  "s2s_sale",
  "recurring_v2",
  "transaction_details",
  "role_create",
  "role_update",
  "role_get",
  "role_search",
  "user_create",
  "branch_search",
  "partner_delete",
];

const bad = (message: string) => json(400, { error: message });

function positiveInt(v: unknown): boolean {
  return typeof v === "number" && Number.isInteger(v) && v > 0;
}

export function faultsAdd(ctx: Ctx, deps: Deps): Reply {
  const f = ctx.fields;
  const operation = str(f, "operation") as OperationName | "*" | undefined;
  if (!operation || (operation !== "*" && !OPERATIONS.includes(operation)))
    return bad(`operation must be "*" or one of ${OPERATIONS.join(", ")}`);
  const fault = str(f, "fault") as FaultKind | undefined;
  if (!fault || !FAULT_KINDS.includes(fault)) return bad(`fault must be one of ${FAULT_KINDS.join(", ")}`);
  if (
    f.latencyMs !== undefined &&
    !(typeof f.latencyMs === "number" && Number.isInteger(f.latencyMs) && f.latencyMs >= 0 && f.latencyMs <= 120_000)
  ) {
    return bad("latencyMs must be an integer 0..120000");
  }
  if (f.times !== undefined && f.times !== null && !positiveInt(f.times)) return bad("times must be a positive integer");
  if (f.untilClientGone !== undefined && typeof f.untilClientGone !== "boolean") return bad("untilClientGone must be true or false");
  if (f.untilClientGone === true && fault !== "latency") return bad("untilClientGone applies to the latency fault only");
  if (f.untilReleased !== undefined && typeof f.untilReleased !== "boolean") return bad("untilReleased must be true or false");
  if (f.untilReleased === true && fault !== "latency") return bad("untilReleased applies to the latency fault only");
  if (f.untilReleased === true && f.untilClientGone === true) return bad("untilReleased and untilClientGone exclude each other");
  const phase = str(f, "phase") ?? "before";
  if (phase !== "before" && phase !== "after") return bad('phase must be "before" or "after"');
  const word = (v: unknown) => typeof v === "string" && v.length <= 40;
  if (fault === "result_word" && !word(f.result)) return bad("result_word needs result: a string of at most 40 characters");
  if (fault !== "result_word" && (f.result !== undefined || f.status !== undefined))
    return bad("result and status apply to the result_word fault only");
  if (f.status !== undefined && f.status !== null && !word(f.status))
    return bad("status must be null or a string of at most 40 characters");
  const rule = deps.faults.add({
    operation,
    fault,
    latencyMs: (f.latencyMs as number | undefined) ?? 1000,
    untilClientGone: f.untilClientGone === true,
    untilReleased: f.untilReleased === true,
    remaining: (f.times as number | undefined | null) ?? null,
    phase,
    result: fault === "result_word" ? (f.result as string) : null,
    ...(f.status !== undefined ? { status: f.status as string | null } : {}),
  });
  return json(201, rule);
}

export function faultsList(_ctx: Ctx, deps: Deps): Reply {
  return json(200, deps.faults.list());
}

/** Lets every answer held by an untilReleased rule go (the rule itself stays until used up or cleared). */
export function faultsRelease(_ctx: Ctx, deps: Deps): Reply {
  return json(200, { released: deps.faults.release() });
}

export function faultsHeld(_ctx: Ctx, deps: Deps): Reply {
  return json(200, { held: deps.faults.heldCount() });
}

export function faultsClear(_ctx: Ctx, deps: Deps): Reply {
  deps.faults.clear();
  return json(200, { cleared: true });
}

export function declineNext(ctx: Ctx, deps: Deps): Reply {
  const token = str(ctx.fields, "token") ?? "";
  const count = ctx.fields.count ?? 1;
  if (!positiveInt(count)) return bad("count must be a positive integer");
  const data = deps.store.data;
  const known = own(data.recurringTokens, token) || data.savedCards.some((c) => c.cardToken === token);
  if (!token || !known) return json(404, { error: "Unknown recurring or card token" });
  const reason = (str(ctx.fields, "reason") ?? "").trim() || "Insufficient funds";
  data.declineNext[token] = { count: count as number, reason };
  deps.store.changed();
  return json(200, { token, count, reason });
}

export function challengeMode(ctx: Ctx, deps: Deps): Reply {
  const mode = str(ctx.fields, "mode");
  if (mode !== "normal" && mode !== "hostile" && mode !== "acs") return bad('mode must be "normal", "hostile" or "acs"');
  if (mode === "acs" && !deps.config.acsUrl) return bad("the acs mode needs the sandbox's ACS server (started with an ACS port)");
  deps.store.data.challengeMode = mode;
  deps.store.changed();
  return json(200, { mode });
}

/** Deactivate a card token (→ 205007 on use) or a recurring token (→ "Invalid recurring token"). */
export function deactivateToken(ctx: Ctx, deps: Deps): Reply {
  const token = str(ctx.fields, "token") ?? "";
  const data = deps.store.data;
  const recurring = own(data.recurringTokens, token);
  const cards = data.savedCards.filter((c) => c.cardToken === token);
  if (!recurring && cards.length === 0) return json(404, { error: "Unknown recurring or card token" });
  if (recurring) recurring.active = false;
  for (const c of cards) {
    c.isActive = false;
    c.updatedAt = Date.now();
  }
  deps.store.changed();
  return json(200, { token, active: false });
}

/** Everything back to the seed: state, faults, recorded callbacks, hostile reports. */
export function resetAll(deps: Deps): void {
  deps.store.reset();
  deps.faults.clear();
  deps.callbacks.clear();
  deps.hostile.reports = [];
  deps.hostile.topNavigations = 0;
  deps.acsLog.length = 0;
}

/** What the acs mode's pages fetched, oldest first; DELETE forgets it. */
export function acsLogList(_ctx: Ctx, deps: Deps): Reply {
  return json(200, { acsUrl: deps.config.acsUrl, fetched: deps.acsLog });
}

export function acsLogClear(_ctx: Ctx, deps: Deps): Reply {
  deps.acsLog.length = 0;
  return json(200, { cleared: true });
}

/** The gateway's badge, which the acs hand-over page loads by a relative URL (it must resolve to the gateway). */
export function acsBadge(_ctx: Ctx, deps: Deps): Reply {
  deps.acsLog.push("gateway badge (relative URL)");
  return { status: 200, contentType: "image/svg+xml", body: ACS_BADGE_SVG, headers: { "cache-control": "no-store" } };
}

export function resetHandler(_ctx: Ctx, deps: Deps): Reply {
  resetAll(deps);
  return json(200, { reset: true });
}

export function callbacksList(_ctx: Ctx, deps: Deps): Reply {
  return json(200, deps.callbacks.list());
}

export function hostileReportAdd(ctx: Ctx, deps: Deps): Reply {
  if (deps.hostile.reports.length < 100) deps.hostile.reports.push(ctx.fields);
  return { status: 204, contentType: "text/plain", body: "", headers: { "access-control-allow-origin": "*" } };
}

export function hostileReportList(_ctx: Ctx, deps: Deps): Reply {
  return json(200, deps.hostile);
}

export function pwnedPage(_ctx: Ctx, deps: Deps): Reply {
  deps.hostile.topNavigations += 1;
  return htmlReply(200, errorPage("Frame escaped", "The challenge page navigated the top window: the iframe sandbox failed."));
}

export function health(): Reply {
  return json(200, { ok: true });
}

/**
 * GET /__sandbox/settlement-file: the acquirer's daily settlement report of the sandbox's captures and refunds
 * (sandbox/settlement-file.ts), as CSV or XLSX, in the English or the Arabic layout, with faults when asked.
 */
export async function settlementFile(ctx: Ctx, deps: Deps): Promise<Reply> {
  const q = ctx.url.searchParams;
  const date = q.get("date") ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return bad("date must be YYYY-MM-DD");
  const format = q.get("format") ?? "csv";
  const layout = q.get("layout") ?? "en";
  if (format !== "csv" && format !== "xlsx") return bad("format must be csv or xlsx");
  if (layout !== "en" && layout !== "ar") return bad("layout must be en or ar");
  const timeZone = q.get("tz") ?? "Asia/Riyadh";
  try {
    new Intl.DateTimeFormat("en", { timeZone });
  } catch {
    return bad("tz must be a time zone");
  }
  const faults = (q.get("faults") ?? "").split(",").filter(Boolean);
  const unknown = faults.filter((f) => !(SETTLEMENT_FAULTS as readonly string[]).includes(f));
  if (unknown.length) return bad(`unknown faults: ${unknown.join(", ")} (known: ${SETTLEMENT_FAULTS.join(", ")})`);
  const feePercent = { ...DEFAULT_FEES };
  for (const pair of (q.get("fees") ?? "").split(",").filter(Boolean)) {
    const [scheme, rate] = pair.split(":");
    if (!scheme || !rate || !/^\d{1,2}(\.\d{1,4})?$/.test(rate)) return bad("fees must be SCHEME:PERCENT,… e.g. VISA:1.75");
    feePercent[scheme.toUpperCase()] = Number(rate);
  }
  const vat = q.get("vat") ?? "15";
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(vat)) return bad("vat must be a percent, e.g. 15");
  const rows = settlementRows(Object.values(deps.store.data.payments), {
    date,
    layout,
    timeZone,
    feePercent,
    vatPercent: Number(vat),
    faults: faults as SettlementFault[],
  });
  const name = `settlement-${date}-${layout}.${format}`;
  const disposition = { "content-disposition": `attachment; filename="${name}"` };
  if (format === "csv") return { status: 200, contentType: "text/csv; charset=utf-8", body: settlementCsv(rows), headers: disposition };
  return {
    status: 200,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body: await settlementXlsx(rows),
    headers: disposition,
  };
}
