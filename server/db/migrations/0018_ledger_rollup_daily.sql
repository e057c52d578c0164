CREATE TABLE "ledger_rollup_daily" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"branch_id" text DEFAULT '' NOT NULL,
	"card_brand" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"declines" integer DEFAULT 0 NOT NULL,
	"declined_minor" bigint DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"captures" integer DEFAULT 0 NOT NULL,
	"captures_minor" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refunds_minor" bigint DEFAULT 0 NOT NULL,
	"voids" integer DEFAULT 0 NOT NULL,
	"voids_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_rollup_daily_day_currency_branch_id_card_brand_pk" PRIMARY KEY("day","currency","branch_id","card_brand")
);
--> statement-breakpoint
CREATE TABLE "ledger_rollup_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "ledger_rollup_settings_one_row" CHECK ("ledger_rollup_settings"."id")
);
--> statement-breakpoint
-- The reporting zone the daily table counts in; the app rebuilds the daily table when REPORT_TIME_ZONE differs.
INSERT INTO ledger_rollup_settings (id, time_zone) VALUES (true, 'Asia/Riyadh');
--> statement-breakpoint
-- Every ledger event now lands in both tables: its UTC hour, and its calendar day in the reporting zone.
CREATE OR REPLACE FUNCTION ledger_rollup_add(at timestamptz, cur text, branch text, brand text, d ledger_rollup_delta, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  IF d = ROW(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::ledger_rollup_delta THEN
    RETURN;
  END IF;
  INSERT INTO ledger_rollup AS r (hour, currency, branch_id, card_brand, attempts, approved, declines, declined_minor,
      sales, sales_minor, captures, captures_minor, refunds, refunds_minor, voids, voids_minor)
  VALUES (ledger_hour(at), cur, coalesce(branch, ''), coalesce(brand, ''), sign * d.attempts, sign * d.approved,
      sign * d.declines, sign * d.declined_minor, sign * d.sales, sign * d.sales_minor, sign * d.captures,
      sign * d.captures_minor, sign * d.refunds, sign * d.refunds_minor, sign * d.voids, sign * d.voids_minor)
  ON CONFLICT (hour, currency, branch_id, card_brand) DO UPDATE SET
    attempts = r.attempts + excluded.attempts,
    approved = r.approved + excluded.approved,
    declines = r.declines + excluded.declines,
    declined_minor = r.declined_minor + excluded.declined_minor,
    sales = r.sales + excluded.sales,
    sales_minor = r.sales_minor + excluded.sales_minor,
    captures = r.captures + excluded.captures,
    captures_minor = r.captures_minor + excluded.captures_minor,
    refunds = r.refunds + excluded.refunds,
    refunds_minor = r.refunds_minor + excluded.refunds_minor,
    voids = r.voids + excluded.voids,
    voids_minor = r.voids_minor + excluded.voids_minor;
  SELECT time_zone INTO zone FROM ledger_rollup_settings;
  INSERT INTO ledger_rollup_daily AS r (day, currency, branch_id, card_brand, attempts, approved, declines, declined_minor,
      sales, sales_minor, captures, captures_minor, refunds, refunds_minor, voids, voids_minor)
  VALUES ((ledger_hour(at) AT TIME ZONE zone)::date, cur, coalesce(branch, ''), coalesce(brand, ''), sign * d.attempts,
      sign * d.approved, sign * d.declines, sign * d.declined_minor, sign * d.sales, sign * d.sales_minor,
      sign * d.captures, sign * d.captures_minor, sign * d.refunds, sign * d.refunds_minor, sign * d.voids,
      sign * d.voids_minor)
  ON CONFLICT (day, currency, branch_id, card_brand) DO UPDATE SET
    attempts = r.attempts + excluded.attempts,
    approved = r.approved + excluded.approved,
    declines = r.declines + excluded.declines,
    declined_minor = r.declined_minor + excluded.declined_minor,
    sales = r.sales + excluded.sales,
    sales_minor = r.sales_minor + excluded.sales_minor,
    captures = r.captures + excluded.captures,
    captures_minor = r.captures_minor + excluded.captures_minor,
    refunds = r.refunds + excluded.refunds,
    refunds_minor = r.refunds_minor + excluded.refunds_minor,
    voids = r.voids + excluded.voids,
    voids_minor = r.voids_minor + excluded.voids_minor;
END
$$;
--> statement-breakpoint
-- The daily table from the hourly one (the zone's offsets are whole hours, so each UTC hour is inside one day).
CREATE FUNCTION ledger_rollup_daily_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  LOCK TABLE payments, payment_actions IN SHARE MODE;
  LOCK TABLE ledger_rollup, ledger_rollup_daily IN EXCLUSIVE MODE;
  SELECT time_zone INTO zone FROM ledger_rollup_settings;
  DELETE FROM ledger_rollup_daily;
  INSERT INTO ledger_rollup_daily (day, currency, branch_id, card_brand, attempts, approved, declines, declined_minor,
      sales, sales_minor, captures, captures_minor, refunds, refunds_minor, voids, voids_minor)
  SELECT (hour AT TIME ZONE zone)::date, currency, branch_id, card_brand, sum(attempts), sum(approved), sum(declines),
    sum(declined_minor), sum(sales), sum(sales_minor), sum(captures), sum(captures_minor), sum(refunds),
    sum(refunds_minor), sum(voids), sum(voids_minor)
  FROM ledger_rollup
  GROUP BY 1, 2, 3, 4;
END
$$;
--> statement-breakpoint
-- Both tables from the ledger alone: the hours from payments and actions, then the days from the hours.
CREATE FUNCTION ledger_rollup_rebuild_all() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_rollup_rebuild();
  PERFORM ledger_rollup_daily_rebuild();
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_rollup_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_rollup_rebuild_all();
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Count in another zone from now on: the daily table is rebuilt in the same transaction.
CREATE FUNCTION ledger_rollup_set_zone(zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ('2000-01-01 00:00:00+00'::timestamptz AT TIME ZONE zone); -- an unknown zone fails here, before anything changes
  UPDATE ledger_rollup_settings SET time_zone = zone;
  PERFORM ledger_rollup_daily_rebuild();
END
$$;
--> statement-breakpoint
SELECT ledger_rollup_daily_rebuild();
