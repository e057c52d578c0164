// Free-text search that finds Arabic names as people type them. Arabic spellings of one name differ in ways a reader
// ignores: hamza on or under alef (أحمد / احمد / إحسان), madda (آ), alef wasla (ٱ), alef maqsura for ya (مصطفى /
// مصطفي), ta marbuta for ha (فاطمة / فاطمه), the tatweel stretch (محـمد) and the short-vowel marks (مُحَمَّد). Both the
// query and the stored text are folded the same way: here in JS, and in SQL by the search_fold function of migration
// 0032 (server/db/search-fold.ts), which must stay the same mapping (a test compares them on a real database). Latin
// text is lower-cased.

/** Letters replaced one for one (search_fold uses translate() with the same two strings). */
const FOLD_FROM = "أإآٱىةۀ";
const FOLD_TO = "اااايهه";
/** Removed: tatweel and the harakat (U+064B–U+065F), superscript alef (U+0670). */
const FOLD_DROP = /[\u0640\u064B-\u065F\u0670]/g;

export function foldForSearch(text: string): string {
  let out = "";
  for (const ch of text.toLowerCase().replace(FOLD_DROP, "")) {
    const i = FOLD_FROM.indexOf(ch);
    out += i >= 0 ? FOLD_TO[i] : ch;
  }
  return out.normalize("NFC");
}

/** A LIKE pattern for "contains", folded and with LIKE's wildcards escaped. */
export function foldedContains(query: string): string {
  return `%${foldForSearch(query).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
