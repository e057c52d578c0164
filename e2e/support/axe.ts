// One accessibility check for the browser tests: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules, on the whole
// page as it is now (an open modal dialog included). Violations come back as readable lines, so a failure says
// which rule, which element and why.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export async function axeViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact ?? "?"}): ${v.help} — ${n.target.join(" ")} — ${(n.failureSummary ?? "").replace(/\s+/g, " ").trim()}`,
    ),
  );
}
