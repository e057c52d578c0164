-- One card brand, however the ledger spells it: the gateway's details say "VC", a form sale "Visa", our BIN check
-- "VISA". The rollup now keys brands by one canonical name (the same table as lib/card-label.ts's brandKey, which a
-- test compares with this function), so the Overview shows one VISA bar, and the Transactions list's brand filter
-- matches every spelling of it. NULL for no brand, "OTHER" and "UNKNOWN".
CREATE FUNCTION ledger_brand_key(raw text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE k
    WHEN '' THEN NULL
    WHEN 'OTHER' THEN NULL
    WHEN 'UNKNOWN' THEN NULL
    WHEN 'VC' THEN 'VISA'
    WHEN 'MC' THEN 'MASTERCARD'
    WHEN 'AMERICANEXPRESS' THEN 'AMEX'
    WHEN 'DINERSCLUB' THEN 'DINERS'
    WHEN 'CUP' THEN 'UNIONPAY'
    ELSE k
  END
  FROM (SELECT upper(regexp_replace(coalesce(raw, ''), '[^A-Za-z]', '', 'g')) AS k) x
$$;
--> statement-breakpoint
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
  VALUES (ledger_hour(at), cur, coalesce(branch, ''), coalesce(ledger_brand_key(brand), ''), sign * d.attempts, sign * d.approved,
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
  VALUES ((ledger_hour(at) AT TIME ZONE zone)::date, cur, coalesce(branch, ''), coalesce(ledger_brand_key(brand), ''), sign * d.attempts,
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
CREATE OR REPLACE FUNCTION ledger_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE payments, payment_actions IN SHARE MODE;
  LOCK TABLE ledger_rollup IN EXCLUSIVE MODE;
  DELETE FROM ledger_rollup;
  INSERT INTO ledger_rollup (hour, currency, branch_id, card_brand, attempts, approved, declines, declined_minor,
      sales, sales_minor, captures, captures_minor, refunds, refunds_minor, voids, voids_minor)
  SELECT ledger_hour(e.at), e.currency, coalesce(e.branch_id, ''), coalesce(ledger_brand_key(e.card_brand), ''),
    sum((e.d).attempts), sum((e.d).approved), sum((e.d).declines), sum((e.d).declined_minor),
    sum((e.d).sales), sum((e.d).sales_minor), sum((e.d).captures), sum((e.d).captures_minor),
    sum((e.d).refunds), sum((e.d).refunds_minor), sum((e.d).voids), sum((e.d).voids_minor)
  FROM (
    SELECT p.created_at AS at, p.currency, p.branch_id, p.card_brand,
      ledger_payment_delta(p.status, p.amount_minor, p.authorized_minor, p.captured_minor, p.refunded_minor,
        coalesce(s.captured, 0::bigint), coalesce(s.refunded, 0::bigint), coalesce(s.voids, 0)) AS d
    FROM payments p
    LEFT JOIN (
      SELECT payment_id,
        (sum(amount_minor) FILTER (WHERE type = 'capture'))::bigint AS captured,
        (sum(amount_minor) FILTER (WHERE type = 'refund'))::bigint AS refunded,
        (count(*) FILTER (WHERE type = 'void'))::int AS voids
      FROM payment_actions WHERE state = 'succeeded' GROUP BY payment_id
    ) s ON s.payment_id = p.id
    UNION ALL
    SELECT coalesce(a.completed_at, a.created_at), p.currency, p.branch_id, p.card_brand, ledger_action_delta(a.type, a.amount_minor)
    FROM payment_actions a JOIN payments p ON p.id = a.payment_id
    WHERE a.state = 'succeeded'
  ) e
  GROUP BY 1, 2, 3, 4;
END
$$;
--> statement-breakpoint
SELECT ledger_rollup_rebuild_all();
