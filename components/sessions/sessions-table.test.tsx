// Rule guarded: a session's browser is named in the reader's language around the product names ("Chrome on Linux",
// "Chrome على Linux"), its second factor in words from the catalog, and the English text stays as it was (the
// browser tests and the sessions mails read it).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WithIntl } from "@/tests/support/intl.support";
import { SessionsTable, type SessionRowView } from "./sessions-table";

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const rows: SessionRowView[] = [
  {
    id: "s1",
    browser: "Chrome on Linux",
    userAgent: CHROME_LINUX,
    ip: "127.0.0.1",
    createdAt: "2026-11-24T08:00:00.000Z",
    lastSeenAt: "2026-11-24T09:00:00.000Z",
    factorKind: "passkey",
    current: true,
  },
  { ...rows0(), id: "s2", userAgent: null, ip: null, factorKind: null, current: false },
];
function rows0(): SessionRowView {
  return {
    id: "",
    browser: "",
    userAgent: CHROME_LINUX,
    ip: "127.0.0.1",
    createdAt: "2026-11-24T08:00:00.000Z",
    lastSeenAt: "2026-11-24T09:00:00.000Z",
    factorKind: null,
    current: false,
  };
}

describe("SessionsTable", () => {
  it("names the browser, the factor and this browser in English as before", () => {
    const html = renderToStaticMarkup(
      <WithIntl>
        <SessionsTable caption="Sessions" sessions={rows} />
      </WithIntl>,
    );
    expect(html).toContain("Chrome on Linux");
    expect(html).toContain("Passkey");
    expect(html).toContain("This browser");
    expect(html).toContain("Unknown browser");
    expect(html).toContain("unknown");
  });

  it("names them in Arabic, keeping the product names in Latin", () => {
    const html = renderToStaticMarkup(
      <WithIntl language="ar">
        <SessionsTable caption="الجلسات" sessions={rows} />
      </WithIntl>,
    );
    expect(html).toContain("Chrome على Linux");
    expect(html).toContain("مفتاح مرور");
    expect(html).toContain("هذا المتصفح");
    expect(html).toContain("متصفح غير معروف");
    expect(html).not.toContain("Browser and IP address");
  });
});
