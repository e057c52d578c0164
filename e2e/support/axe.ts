// One accessibility check for the browser tests: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules, on the whole
// page as it is now (an open modal dialog and every frame included, the 3-D Secure challenge's too). Violations come
// back as readable lines, so a failure says which rule, which element and why.
//
// It runs axe the way @axe-core/playwright's AxeBuilder does (axe.runPartial in every frame, axe.finishRun over the
// results), with two differences that make it about four times faster (1.2 s → 0.3 s a page, measured on the
// sign-in page; the suite runs it some 150 times): it asks axe for violations only (not every passing node of every
// rule, serialised through the browser protocol), and it finishes the run in the page's own top frame instead of a
// new blank page with a second copy of axe. The blank page guards against a page that tampers with axe; these are
// our own pages.
import { createRequire } from "node:module";
import fs from "node:fs";
import type { Frame, Page } from "@playwright/test";
import type { AxeResults, ContextObject, PartialResult, RunOptions } from "axe-core";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeWindow = typeof globalThis & { axe: typeof import("axe-core") };

const OPTIONS: RunOptions = { runOnly: { type: "tag", values: WCAG_TAGS }, resultTypes: ["violations"] };

/** axe in a frame: injected once per document, allowed to talk to frames of any origin (the gateway's frame). */
async function inject(frame: Frame): Promise<void> {
  const present = await frame.evaluate(() => typeof (globalThis as Partial<AxeWindow>).axe?.runPartial === "function");
  if (present) return;
  await frame.evaluate(AXE_SOURCE);
  await frame.evaluate(() => (globalThis as AxeWindow).axe.configure({ allowedOrigins: ["<unsafe_all_origins>"] }));
}

/**
 * The partial results of `frame` and of every frame inside it, in the order axe.finishRun expects (a frame first,
 * then its children depth-first; null for a frame that could not be tested, as AxeBuilder does).
 */
async function partials(frame: Frame, context: unknown, top: boolean): Promise<unknown[]> {
  try {
    await inject(frame);
    // Contexts and results cross the browser protocol as JSON text: Playwright's serialisable-type check recurses
    // too deeply into axe's own types.
    const ctx = JSON.stringify(context);
    const children = JSON.parse(
      await frame.evaluate(
        (c) => JSON.stringify((globalThis as AxeWindow).axe.utils.getFrameContexts(JSON.parse(c) as ContextObject)),
        ctx,
      ),
    ) as Array<{ frameSelector: unknown; frameContext: unknown }>;
    const own = JSON.parse(
      await frame.evaluate(
        async ({ c, options }) => JSON.stringify(await (globalThis as AxeWindow).axe.runPartial(JSON.parse(c) as ContextObject, options)),
        { c: ctx, options: OPTIONS },
      ),
    ) as unknown;
    const out: unknown[] = [own];
    for (const { frameSelector, frameContext } of children) {
      const handle = await frame.evaluateHandle(
        (selector) => (globalThis as AxeWindow).axe.utils.shadowSelect(JSON.parse(selector) as never),
        JSON.stringify(frameSelector),
      );
      const child = await handle.asElement()?.contentFrame();
      out.push(...(child ? await partials(child, frameContext, false) : [null]));
    }
    return out;
  } catch (e) {
    if (top) throw e;
    return [null];
  }
}

/**
 * Waits until no finite CSS transition or animation is running in the page. A button that appears under the mouse
 * (a dialog's "Done" where "Create" was clicked) fades into its hover colour; axe measuring contrast half way through
 * that fade reports colours no user ever reads. Endless animations (a spinner, a skeleton's pulse) are not waited
 * for, and the wait is capped so a page that keeps starting transitions still gets checked.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === "running" && Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    const deadline = Date.now() + 2_000;
    for (let running = finite(); running.length > 0 && Date.now() < deadline; running = finite()) {
      await Promise.race([Promise.allSettled(running.map((a) => a.finished)), new Promise((r) => setTimeout(r, deadline - Date.now()))]);
    }
  });
}

export async function axeViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<string[]> {
  await animationsSettled(page);
  // The context AxeBuilder builds: the whole document, less what the caller excludes.
  const parts = JSON.stringify(await partials(page.mainFrame(), { include: [], exclude: opts.exclude ?? [] }, true));
  const { violations } = JSON.parse(
    await page.evaluate(
      async ({ p, options }) => JSON.stringify(await (globalThis as AxeWindow).axe.finishRun(JSON.parse(p) as PartialResult[], options)),
      { p: parts, options: OPTIONS },
    ),
  ) as AxeResults;
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact ?? "?"}): ${v.help} — ${n.target.join(" ")} — ${(n.failureSummary ?? "").replace(/\s+/g, " ").trim()}`,
    ),
  );
}
