-- The ledger's hourly rollup (table from 0016), kept by triggers in the same transaction as every change of
-- `payments` and `payment_actions`, so the Overview and the closing reports are never stale, whichever code path
-- changed the ledger. What counts, and when (server/db/schema-reports.ts says the same for people):
--   - a payment's outcome at its creation: approved (authorized, captured, refunded, voided …) or declined
--     (declined, failed: 3-D Secure failures included); attempts = approved + declined; pending ones wait;
--   - money a payment captured by itself (a sale) at its creation: captured − what its capture actions captured;
--   - a capture, refund or void made through the dashboard (a succeeded payment_actions row) when it completed;
--   - money the gateway reports without a dashboard action (a refund made elsewhere, a void) at the creation.
-- ledger_rollup_rebuild() recomputes everything from scratch with the same two delta functions; a test compares.
CREATE TYPE ledger_rollup_delta AS (
  attempts integer, approved integer, declines integer, declined_minor bigint,
  sales integer, sales_minor bigint, captures integer, captures_minor bigint,
  refunds integer, refunds_minor bigint, voids integer, voids_minor bigint
);
--> statement-breakpoint
-- A payment's own events, given what its succeeded actions captured, refunded and voided.
CREATE FUNCTION ledger_payment_delta(status text, amount bigint, authorized bigint, captured bigint, refunded bigint,
    action_captured bigint, action_refunded bigint, action_voids integer)
RETURNS ledger_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(
    (status IN ('authorized', 'captured', 'partially_refunded', 'refunded', 'voided', 'declined', 'failed'))::int,
    (status IN ('authorized', 'captured', 'partially_refunded', 'refunded', 'voided'))::int,
    (status IN ('declined', 'failed'))::int,
    CASE WHEN status IN ('declined', 'failed') THEN amount ELSE 0 END,
    (captured > action_captured)::int,
    greatest(captured - action_captured, 0),
    0, 0::bigint,
    (refunded > action_refunded)::int,
    greatest(refunded - action_refunded, 0),
    (status = 'voided' AND action_voids = 0)::int,
    CASE WHEN status = 'voided' AND action_voids = 0 THEN authorized ELSE 0 END
  )::ledger_rollup_delta
$$;
--> statement-breakpoint
-- A succeeded capture, refund or void action.
CREATE FUNCTION ledger_action_delta(type text, amount bigint)
RETURNS ledger_rollup_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(
    0, 0, 0, 0::bigint, 0, 0::bigint,
    (type = 'capture')::int, CASE WHEN type = 'capture' THEN amount ELSE 0 END,
    (type = 'refund')::int, CASE WHEN type = 'refund' THEN amount ELSE 0 END,
    (type = 'void')::int, CASE WHEN type = 'void' THEN amount ELSE 0 END
  )::ledger_rollup_delta
$$;
--> statement-breakpoint
-- The UTC hour an instant falls in, whatever the session's TimeZone.
CREATE FUNCTION ledger_hour(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_rollup_add(at timestamptz, cur text, branch text, brand text, d ledger_rollup_delta, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
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
END
$$;
--> statement-breakpoint
-- What a payment's succeeded actions captured, refunded and voided.
CREATE FUNCTION ledger_action_sums(pid uuid, OUT captured bigint, OUT refunded bigint, OUT voids integer)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(amount_minor) FILTER (WHERE type = 'capture'), 0)::bigint,
         coalesce(sum(amount_minor) FILTER (WHERE type = 'refund'), 0)::bigint,
         (count(*) FILTER (WHERE type = 'void'))::int
  FROM payment_actions WHERE payment_id = pid AND state = 'succeeded'
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_rollup_on_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
  a record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new payment has no action yet (actions reference it).
    PERFORM ledger_rollup_add(NEW.created_at, NEW.currency, NEW.branch_id, NEW.card_brand,
      ledger_payment_delta(NEW.status, NEW.amount_minor, NEW.authorized_minor, NEW.captured_minor, NEW.refunded_minor, 0, 0, 0), 1);
    RETURN NULL;
  END IF;
  SELECT * INTO s FROM ledger_action_sums(OLD.id);
  PERFORM ledger_rollup_add(OLD.created_at, OLD.currency, OLD.branch_id, OLD.card_brand,
    ledger_payment_delta(OLD.status, OLD.amount_minor, OLD.authorized_minor, OLD.captured_minor, OLD.refunded_minor,
      s.captured, s.refunded, s.voids), -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM ledger_rollup_add(NEW.created_at, NEW.currency, NEW.branch_id, NEW.card_brand,
      ledger_payment_delta(NEW.status, NEW.amount_minor, NEW.authorized_minor, NEW.captured_minor, NEW.refunded_minor,
        s.captured, s.refunded, s.voids), 1);
    -- A brand learnt later (or a branch corrected) moves the payment's action events along with it.
    IF OLD.currency IS DISTINCT FROM NEW.currency OR OLD.branch_id IS DISTINCT FROM NEW.branch_id
        OR OLD.card_brand IS DISTINCT FROM NEW.card_brand THEN
      FOR a IN SELECT type, amount_minor, coalesce(completed_at, created_at) AS at
               FROM payment_actions WHERE payment_id = OLD.id AND state = 'succeeded' LOOP
        PERFORM ledger_rollup_add(a.at, OLD.currency, OLD.branch_id, OLD.card_brand, ledger_action_delta(a.type, a.amount_minor), -1);
        PERFORM ledger_rollup_add(a.at, NEW.currency, NEW.branch_id, NEW.card_brand, ledger_action_delta(a.type, a.amount_minor), 1);
      END LOOP;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_rollup_on_action() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
  s record;
  was_on boolean := TG_OP <> 'INSERT' AND OLD.state = 'succeeded';
  is_on boolean := TG_OP <> 'DELETE' AND NEW.state = 'succeeded';
  before_captured bigint;
  before_refunded bigint;
  before_voids integer;
BEGIN
  IF NOT was_on AND NOT is_on THEN
    RETURN NULL;
  END IF;
  SELECT id, status, amount_minor, authorized_minor, captured_minor, refunded_minor, currency, branch_id, card_brand, created_at
    INTO p FROM payments WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.payment_id ELSE NEW.payment_id END;
  IF was_on THEN
    PERFORM ledger_rollup_add(coalesce(OLD.completed_at, OLD.created_at), p.currency, p.branch_id, p.card_brand,
      ledger_action_delta(OLD.type, OLD.amount_minor), -1);
  END IF;
  IF is_on THEN
    PERFORM ledger_rollup_add(coalesce(NEW.completed_at, NEW.created_at), p.currency, p.branch_id, p.card_brand,
      ledger_action_delta(NEW.type, NEW.amount_minor), 1);
  END IF;
  -- The payment's own events depend on its actions' sums: take them out as they were, put them back as they are.
  SELECT * INTO s FROM ledger_action_sums(p.id);
  before_captured := s.captured;
  before_refunded := s.refunded;
  before_voids := s.voids;
  IF is_on THEN
    before_captured := before_captured - CASE WHEN NEW.type = 'capture' THEN NEW.amount_minor ELSE 0 END;
    before_refunded := before_refunded - CASE WHEN NEW.type = 'refund' THEN NEW.amount_minor ELSE 0 END;
    before_voids := before_voids - (NEW.type = 'void')::int;
  END IF;
  IF was_on THEN
    before_captured := before_captured + CASE WHEN OLD.type = 'capture' THEN OLD.amount_minor ELSE 0 END;
    before_refunded := before_refunded + CASE WHEN OLD.type = 'refund' THEN OLD.amount_minor ELSE 0 END;
    before_voids := before_voids + (OLD.type = 'void')::int;
  END IF;
  PERFORM ledger_rollup_add(p.created_at, p.currency, p.branch_id, p.card_brand,
    ledger_payment_delta(p.status, p.amount_minor, p.authorized_minor, p.captured_minor, p.refunded_minor,
      before_captured, before_refunded, before_voids), -1);
  PERFORM ledger_rollup_add(p.created_at, p.currency, p.branch_id, p.card_brand,
    ledger_payment_delta(p.status, p.amount_minor, p.authorized_minor, p.captured_minor, p.refunded_minor,
      s.captured, s.refunded, s.voids), 1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recompute the rollup from the ledger alone. Holds writers off while it runs (SHARE blocks inserts and updates).
CREATE FUNCTION ledger_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE payments, payment_actions IN SHARE MODE;
  LOCK TABLE ledger_rollup IN EXCLUSIVE MODE;
  DELETE FROM ledger_rollup;
  INSERT INTO ledger_rollup (hour, currency, branch_id, card_brand, attempts, approved, declines, declined_minor,
      sales, sales_minor, captures, captures_minor, refunds, refunds_minor, voids, voids_minor)
  SELECT ledger_hour(e.at), e.currency, coalesce(e.branch_id, ''), coalesce(e.card_brand, ''),
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
CREATE FUNCTION ledger_rollup_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_rollup_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_rollup_payment_insert AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION ledger_rollup_on_payment();
--> statement-breakpoint
-- Only the columns the rollup reads: a sync that touches last_synced_at costs nothing here.
CREATE TRIGGER ledger_rollup_payment_update AFTER UPDATE ON payments
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.amount_minor <> NEW.amount_minor
    OR OLD.authorized_minor <> NEW.authorized_minor OR OLD.captured_minor <> NEW.captured_minor
    OR OLD.refunded_minor <> NEW.refunded_minor OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.branch_id IS DISTINCT FROM NEW.branch_id OR OLD.card_brand IS DISTINCT FROM NEW.card_brand
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
  ) EXECUTE FUNCTION ledger_rollup_on_payment();
--> statement-breakpoint
CREATE TRIGGER ledger_rollup_payment_delete AFTER DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION ledger_rollup_on_payment();
--> statement-breakpoint
CREATE TRIGGER ledger_rollup_action_insert AFTER INSERT ON payment_actions
  FOR EACH ROW EXECUTE FUNCTION ledger_rollup_on_action();
--> statement-breakpoint
CREATE TRIGGER ledger_rollup_action_update AFTER UPDATE ON payment_actions
  FOR EACH ROW WHEN (
    OLD.state IS DISTINCT FROM NEW.state OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.amount_minor <> NEW.amount_minor OR OLD.payment_id IS DISTINCT FROM NEW.payment_id
    OR OLD.completed_at IS DISTINCT FROM NEW.completed_at
  ) EXECUTE FUNCTION ledger_rollup_on_action();
--> statement-breakpoint
CREATE TRIGGER ledger_rollup_action_delete AFTER DELETE ON payment_actions
  FOR EACH ROW EXECUTE FUNCTION ledger_rollup_on_action();
--> statement-breakpoint
CREATE TRIGGER ledger_rollup_payments_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rollup_on_truncate();
--> statement-breakpoint
CREATE TRIGGER ledger_rollup_actions_truncate AFTER TRUNCATE ON payment_actions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rollup_on_truncate();
--> statement-breakpoint
-- An installation that already has payments gets its rollup now.
SELECT ledger_rollup_rebuild();
--> statement-breakpoint
-- Reports are the finance team's: the starter role gains REPORTS_VIEW where it still has its starter permissions.
UPDATE roles SET permissions = array_append(permissions, 'REPORTS_VIEW'), updated_at = now()
WHERE lower(name) = 'finance' AND source = 'local' AND NOT ('REPORTS_VIEW' = ANY (permissions));
