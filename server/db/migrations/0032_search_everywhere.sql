-- Search from anywhere: trigram indexes (pg_trgm, a trusted extension since PostgreSQL 13: the database's owner may
-- create it; PGlite loads it as an extension of its own) for parts of an e-mail, a name or an order id; the
-- acquirer's RRN kept on the payment; and two IMMUTABLE functions the indexes are built on.
-- search_fold is lib/search/fold.ts's folding in SQL (hamza forms, alef maqsura, ta marbuta, tatweel, harakat);
-- phone_tail keeps the last 8 digits of a phone, so +966 50 123 4567 and 0501234567 meet (every Gulf number has at
-- least 8 significant digits).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT translate(regexp_replace(lower(t), '[ـً-ٰٟ]', '', 'g'), 'أإآٱىةۀ', 'اااايهه')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION phone_tail(p text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT right(regexp_replace(p, '[^0-9]', '', 'g'), 8)
$$;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rrn" text;--> statement-breakpoint
CREATE INDEX "payments_rrn_idx" ON "payments" USING btree ("rrn");--> statement-breakpoint
CREATE INDEX "payments_phone_tail_idx" ON "payments" USING btree (phone_tail("payer_phone"));--> statement-breakpoint
CREATE INDEX "payments_email_trgm_idx" ON "payments" USING gin (lower("payer_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_name_trgm_idx" ON "payments" USING gin (search_fold("payer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_order_trgm_idx" ON "payments" USING gin ("order_id" gin_trgm_ops);