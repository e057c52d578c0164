// Rule guarded (#13 Branches): a branch's numeric ISO country code is shown as the country's name, never as a bare id;
// a code that is no country gives null (the caller then shows the code itself).
import { describe, expect, it } from "vitest";
import { alpha2Of, countryName } from "./country-names";

describe("country names from the gateway's numeric codes", () => {
  it("maps ISO 3166-1 numeric codes to names (Saudi Arabia, the UAE, a code with leading zeros)", () => {
    expect(countryName("682")).toBe("Saudi Arabia");
    expect(countryName("784")).toBe("United Arab Emirates");
    expect(alpha2Of("4")).toBe("AF");
    expect(countryName("SA")).toBe("Saudi Arabia");
  });
  it("names the country in the reader's language", () => {
    expect(countryName("682", "ar")).toBe("المملكة العربية السعودية");
  });
  it("gives null for unknown, empty or malformed codes", () => {
    expect(countryName("999")).toBeNull();
    expect(countryName("")).toBeNull();
    expect(countryName(null)).toBeNull();
    expect(countryName("12345")).toBeNull();
  });
});
