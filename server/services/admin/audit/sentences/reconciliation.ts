// Sentences for settlement reconciliation: a file imported ("Settlement file settlement-2026-12-07.csv imported: 1,204
// lines, 1,198 matched, 6 to look at"), a refused import with its reason, and a file layout created or changed.
// Words from the audit catalog (audit.s.settlement.*); the file's hash and the counts per kind stay in the summary.
import "server-only";
import { ltr, num, str, type Entry, type Sentence, type Speaker } from "./parts";

export function reconciliationSentence(sp: Speaker, e: Entry): Sentence | null {
  const s = e.summary;
  const file = ltr(str(s, "filename") ?? "");
  switch (e.action) {
    case "settlement.import": {
      const matches = (s.matches && typeof s.matches === "object" ? s.matches : {}) as Record<string, unknown>;
      const matched = num(matches, "matched") ?? 0;
      const lines = num(s, "lines") ?? 0;
      const toLook = lines - matched + (num(s, "notInFile") ?? 0);
      return sp.say("settlement.imported", { file, lines, matched, toLook });
    }
    case "settlement.import_refused":
      return sp.say("settlement.refused", { file, reason: ltr(str(s, "reason") ?? "") });
    case "settlement.layout_create":
      return sp.say("settlement.layoutCreated", { name: ltr(str(s, "name") ?? "") });
    case "settlement.layout_update":
      return sp.say("settlement.layoutUpdated", { name: ltr(str(s, "name") ?? "") });
    default:
      return null;
  }
}
