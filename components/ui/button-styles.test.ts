// Rule guarded: buttons and button-looking links share one look; the danger variant keeps WCAG AA contrast
// (white on red-700, not the lighter red-600 of Tailwind 4's vivid palette).
import { describe, expect, it } from "vitest";
import { BUTTON_SIZES, BUTTON_VARIANTS, buttonClasses } from "./button-styles";

describe("buttonClasses", () => {
  it("defaults to a medium primary button", () => {
    const c = buttonClasses();
    expect(c).toContain(BUTTON_VARIANTS.primary);
    expect(c).toContain(BUTTON_SIZES.md);
  });
  it("applies the variant, the size and extra classes", () => {
    const c = buttonClasses({ variant: "danger", size: "sm", className: "w-full" });
    expect(c).toContain("bg-red-700");
    expect(c).toContain(BUTTON_SIZES.sm);
    expect(c.endsWith("w-full")).toBe(true);
  });
  it("uses only logical or symmetric spacing (RTL-safe)", () => {
    for (const v of Object.values({ ...BUTTON_VARIANTS, ...BUTTON_SIZES })) {
      expect(v).not.toMatch(/\b(ml|mr|pl|pr|left|right)-/);
    }
  });
});
