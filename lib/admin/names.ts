// Sorting and searching people's and roles' names that may be Arabic, English or both. Browser-safe.
// Sorting: Intl.Collator in the reader's language (Arabic collation treats ا أ إ as one letter and orders by the
// letters after it; code-point order, what SQL gives under the C collation of PGlite, puts every أ before every ا). Searching: case, Arabic diacritics (tashkeel), tatweel and the alef/yaa/taa-marbuta spellings a person
// types interchangeably are ignored, so "فاطمه" finds "فاطمة" and "احمد" finds "أحمد".
import type { Language } from "@/lib/i18n/languages";
import { foldForSearch } from "@/lib/search/fold";

/** A comparator of names for the reader's language (numeric parts compared as numbers). */
export function nameCollator(language: Language): (a: string, b: string) => number {
  const c = new Intl.Collator(language, { sensitivity: "base", numeric: true });
  return (a, b) => c.compare(a, b);
}

/** Items sorted by a name in the reader's language (a copy; the input is not changed). */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string, language: Language): T[] {
  const compare = nameCollator(language);
  return [...items].sort((a, b) => compare(nameOf(a), nameOf(b)));
}

/** The form of a text that search compares: the app's one folding (lib/search/fold.ts: case, harakat, tatweel,
 * hamza forms, alef maqsura, taa marbuta), spaces collapsed. */
export function searchForm(text: string): string {
  return foldForSearch(text).replace(/\s+/g, " ").trim();
}

/** Whether any of the fields contains the query (in search form); an empty query matches everything. */
export function matchesSearch(query: string, fields: ReadonlyArray<string | null | undefined>): boolean {
  const q = searchForm(query);
  if (!q) return true;
  return fields.some((f) => f != null && searchForm(f).includes(q));
}
