// The SQL twin of lib/search/fold.ts: `search_fold(text)`, an IMMUTABLE function of migration 0032 with the same
// mapping, folds a text column the way foldForSearch folds the query, so that `foldSql(col) like foldedContains(q)`
// finds "أحمد" when "احمد" is typed. One function, so the trigram index on search_fold(payer_name) serves every
// query written with it (a test compares it with foldForSearch on PGlite and Postgres).
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

export function foldSql(expr: SQLWrapper | SQL): SQL {
  return sql`search_fold(${expr})`;
}
