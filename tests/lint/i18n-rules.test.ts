// Rules guarded (#15, DESIGN rule 11): every string a person sees comes from the catalogs (local/no-ui-literals fails a
// literal in a converted page or component), and layout uses logical direction utilities only
// (local/logical-direction fails ml-/pr-/left-/text-right/… anywhere in app/ and components/), so right-to-left needs
// no special case. Each case lints a probe through the project's real ESLint configuration.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { physicalClasses } from "@/eslint-rules/logical-direction.mjs";

const ROOT = path.resolve(__dirname, "../..");
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function reports(file: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const LITERALS = "local/no-ui-literals";
const CONVERTED = "components/i18n/probe.tsx"; // any page or component

describe("local/no-ui-literals: text for people comes from the catalogs", () => {
  const shown: Array<[string, string]> = [
    ["JSX text", `export const A = () => <h1>Refunds</h1>;`],
    ["a string child", `export const A = () => <p>{"Refunds"}</p>;`],
    ["both branches of a condition", `export const A = ({ ok }: { ok: boolean }) => <p>{ok ? "Yes" : "No"}</p>;`],
    ["a template child", "export const A = ({ n }: { n: number }) => <p>{`${n} rows`}</p>;"],
    ["a title attribute", `export const A = () => <button title="Copy" />;`],
    ["an aria-label", `export const A = () => <nav aria-label="Main" />;`],
    ["a placeholder", `export const A = () => <input placeholder="e.g. order 12" />;`],
    ["a component's label prop", `const F = (p: { label: string }) => <i>{p.label}</i>;\nexport const A = () => <F label="Amount" />;`],
    [
      "a …Label prop",
      `const F = (p: { confirmLabel: string }) => <i>{p.confirmLabel}</i>;\nexport const A = () => <F confirmLabel="Refund" />;`,
    ],
    ["a text-bearing object key", `export const COLUMNS = [{ id: "amount", label: "Amount" }];`],
    ["metadata's title", `export const metadata = { title: "Sign in" };`],
    ["a sentence anywhere", `export const NOTICES: Record<string, string> = { signed_out: "You have signed out." };`],
  ];
  it.each(shown)("reports %s", async (_, code) => {
    expect(await reports(CONVERTED, code, LITERALS)).toHaveLength(code.includes("Yes") ? 2 : 1);
  });

  const notShown: Array<[string, string]> = [
    [
      "catalog lookups",
      `import { useTranslations } from "next-intl";\nexport const A = () => { const t = useTranslations("common"); return <p title={t("appName")}>{t("appName")}</p>; };`,
    ],
    [
      "class names, ids, types and hrefs",
      `export const A = () => <a className="flex gap-2 text-sm" href="/transactions" id="main" type="button" />;`,
    ],
    ["symbols without letters", `export const A = () => <span aria-hidden="true">•••• —</span>;`],
    ["keys and codes", `export const TONES = { captured: "success", refunded: "neutral" } as const;`],
    ["directives and imports", `"use client";\nimport { cx } from "@/components/ui/cx";\nexport const c = cx("flex", "Some Thing");`],
    [
      "a line that says why",
      `// eslint-disable-next-line local/no-ui-literals -- the brand's own name\nexport const A = () => <span>VISA</span>;`,
    ],
  ];
  it.each(notShown)("leaves %s alone", async (_, code) => {
    expect(await reports(CONVERTED, code, LITERALS)).toEqual([]);
  });

  it("binds every page and component, not route handlers (JSON answers are translated in server/i18n)", async () => {
    expect(
      await reports("app/(dashboard)/probe/page.tsx", `export default function P() { return <h1>Refunds</h1>; }`, LITERALS),
    ).toHaveLength(1);
    expect(await reports("components/list/probe.tsx", `export const A = () => <p>No rows</p>;`, LITERALS)).toHaveLength(1);
    expect(await reports("app/api/probe/route.ts", `export const M = { title: "Sign in" };`, LITERALS)).toEqual([]);
  });
});

const DIRECTION = "local/logical-direction";

describe("local/logical-direction: no physical direction utilities in app/ and components/", () => {
  it.each([
    ["ml-2"],
    ["md:pr-4"],
    ["hover:-mr-1"],
    ["left-0"],
    ["text-right"],
    ["border-l-4"],
    ["rounded-tr-md"],
    ["float-left"],
    ["bg-linear-to-r"],
  ])("reports %s in a page and in a component", async (cls) => {
    expect(await reports("app/(dashboard)/probe/page.tsx", `export const c = "flex ${cls} gap-2";`, DIRECTION)).toHaveLength(1);
    expect(await reports("components/ui/probe.tsx", "export const c = `flex ${x} " + cls + "`; const x = 1;", DIRECTION)).toHaveLength(1);
  });
  it("accepts the logical ones", async () => {
    const code = `export const c = "ms-2 me-1 ps-4 pe-3 start-0 end-0 text-start text-end border-s rounded-e-md -ms-px";`;
    expect(await reports("components/ui/probe.tsx", code, DIRECTION)).toEqual([]);
  });
  it("accepts a physical side where a comment says why", async () => {
    const code = `// eslint-disable-next-line local/logical-direction -- the chart's value axis stays on the left in both directions\nexport const c = "ml-2";`;
    expect(await reports("components/ui/probe.tsx", code, DIRECTION)).toEqual([]);
  });
  it("splits variants: only the utility part decides", () => {
    expect(physicalClasses("md:ms-4 lg:hover:pl-2 !mr-1 translate-x-1")).toEqual(["lg:hover:pl-2", "!mr-1"]);
  });
  it("finds no physical property in the style sheets either", () => {
    const css = fs.readFileSync(path.join(ROOT, "app/globals.css"), "utf8");
    const physical = css.match(/\b(margin|padding|border)-(left|right)\b|(^|[\s;{])(left|right)\s*:|text-align:\s*(left|right)/gm) ?? [];
    expect(physical).toEqual([]);
  });
});
