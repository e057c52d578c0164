// The SQL twin of lib/search/fold.ts: folds a text column the way foldForSearch folds the query, so that
// `foldSql(col) like foldedContains(q)` finds "أحمد" when "احمد" is typed. translate() and regexp_replace() exist in
// Postgres and PGlite alike.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { FOLD_DROP_SQL, FOLD_FROM, FOLD_TO } from "@/lib/search/fold";

export function foldSql(expr: SQLWrapper | SQL): SQL {
  return sql`translate(regexp_replace(lower(${expr}), ${FOLD_DROP_SQL}, '', 'g'), ${FOLD_FROM}, ${FOLD_TO})`;
}
