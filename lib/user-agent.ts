// A user agent string in words ("Chrome on Linux") for the sessions lists. A few rules in order, no library: the
// point is to recognise one's own browser, not to identify every client. Browser-safe and pure. The names are product
// names (never translated); the sentence around them ("Chrome on Linux") is English here for the server's mails and
// logs, and comes from the catalog where a person reads it in their language (components/sessions/sessions-table.tsx).
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|\bChrome\/|\bChromium\/|\bHeadlessChrome\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

/** The browser's and the system's product names, each null when not recognised. */
export function parseUserAgent(ua: string | null | undefined): { browser: string | null; system: string | null } {
  if (!ua || !ua.trim()) return { browser: null, system: null };
  return {
    browser: BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null,
    system: SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null,
  };
}

export function describeUserAgent(ua: string | null | undefined): string {
  const { browser, system } = parseUserAgent(ua);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "Unknown browser");
}
