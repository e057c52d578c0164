// The sentence of the retention pass's audit row ("Retention pass deleted 1,204 records past the keeping period");
// the per-table counts and cutoffs stay in the row's summary, shown as its raw JSON. Words from the audit catalog
// (audit.s.retention.*).
import "server-only";
import { num, str, type Entry, type Sentence, type Speaker } from "./parts";

export function retentionSentence(sp: Speaker, e: Entry): Sentence | null {
  if (e.action !== "retention.purge") return null;
  const s = e.summary;
  const partly = s.interrupted === true || str(s, "error") !== null;
  return [...sp.say("retention.purged", { count: num(s, "total") ?? 0 }), ...(partly ? sp.say("retention.partly") : [])];
}
