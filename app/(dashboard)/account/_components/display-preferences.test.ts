// The Account page's display preferences are read from the form itself (no form library): the API must still get
// only values from the closed lists, whatever the DOM holds.
import { describe, expect, it } from "vitest";
import { readPreferences } from "./display-preferences";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
}

describe("readPreferences (rule: only the closed choices reach PUT /api/account/preferences)", () => {
  it("reads a language, Arabic-Indic digits and the Hijri line as chosen", () => {
    expect(readPreferences(form({ language: "ar", digits: "arab", hijri: "on" }))).toEqual({
      language: "ar",
      digits: "arab",
      hijri: true,
      timeZone: "business",
    });
  });
  it("an empty language means 'as my browser' (null), and an unticked box is false", () => {
    expect(readPreferences(form({ language: "", digits: "latn" }))).toEqual({
      language: null,
      digits: "latn",
      hijri: false,
      timeZone: "business",
    });
  });
  it("a tampered value falls back to the defaults instead of being sent", () => {
    expect(readPreferences(form({ language: "xx", digits: "roman", hijri: "yes", timeZone: "Europe/Paris" }))).toEqual({
      language: null,
      digits: "latn",
      hijri: false,
      timeZone: "business",
    });
  });
  it("reads the choice of the browser's clock over the business zone's (rule: one business zone unless a person opts out)", () => {
    expect(readPreferences(form({ language: "en", digits: "latn", timeZone: "browser" })).timeZone).toBe("browser");
  });
});
