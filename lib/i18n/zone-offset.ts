// The name of a zone's offset in the reader's language, for the note every signed-in screen carries ("Times in
// Asia/Riyadh (GMT+3)"). A module of its own, with no imports: the page shell loads it on every page, and the rest of
// the zone arithmetic (lib/transactions/zoned-time.ts) stays out of pages that do not filter by date.
const offsetNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset as the reader's locale writes it at an instant: "GMT+3", "غرينتش+3". */
export function zoneOffsetName(zone: string, locale?: string, at: Date = new Date()): string {
  const key = `${locale ?? ""}|${zone}`;
  let f = offsetNames.get(key);
  if (!f) offsetNames.set(key, (f = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "shortOffset" })));
  return f.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? zone;
}
