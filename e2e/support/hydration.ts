// A freshly loaded page is the server's HTML until React hydrates it: a click before then reaches no handler and is
// lost (seen with one core busy: the account menu and "Use a recovery code instead" clicked, nothing opened, the test
// timed out). The root layout marks the document once hydrated (components/ui/hydration-mark.tsx); tests wait for
// that before the first click on a page they have just loaded.
import { expect, type Page } from "@playwright/test";

export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}
