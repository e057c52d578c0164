// Screenshots of a screen at the two widths #13 asks for (1440 px desktop, 390 px phone), written to
// test-results/screens/<name>-<width>.png for people to look at, with an axe check at each width (a layout that
// only breaks on a phone, e.g. a clipped label or a hidden focus target, fails here). The viewport is put back.
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { axeViolations } from "./axe";

export const SCREEN_DIR = path.join(process.cwd(), "test-results", "screens");
export const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** Screenshot (full page) and axe at 1440 px and 390 px; returns the two file paths. */
export async function shootScreen(page: Page, name: string, opts: { axe?: boolean; fullPage?: boolean } = {}): Promise<string[]> {
  fs.mkdirSync(SCREEN_DIR, { recursive: true });
  const before = page.viewportSize();
  const files: string[] = [];
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    // From the top of the page, whatever the test scrolled to filling a form: axe counts a button half under the sticky
    // header as an obscured target, so its answer would depend on where the last field was. Then let layout settle
    // (media queries, fonts) before the picture.
    await page.evaluate(() => new Promise((r) => (window.scrollTo(0, 0), requestAnimationFrame(() => requestAnimationFrame(r)))));
    const file = path.join(SCREEN_DIR, `${name}-${label === "desktop" ? 1440 : 390}.png`);
    await page.screenshot({ path: file, fullPage: opts.fullPage ?? true });
    files.push(file);
    if (opts.axe !== false) expect(await axeViolations(page), `axe at ${size.width} px on ${name}`).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
  return files;
}

/** True when the page scrolls sideways at the current width (a table or a row wider than the screen). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}
