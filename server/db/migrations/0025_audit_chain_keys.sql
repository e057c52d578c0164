-- The audit chain becomes an HMAC chain: each new row names the key that computed its MAC (key_id, a fingerprint;
-- rows from before keep NULL and their plain SHA-256). audit_checkpoints records signed verified points so the
-- audit page checks only what was appended since; it is append-only like the log.
CREATE TABLE "audit_checkpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"through_id" bigint NOT NULL,
	"mac" text NOT NULL,
	"row_count" bigint NOT NULL,
	"full" boolean NOT NULL,
	"key_id" text NOT NULL,
	"sig" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "key_id" text;
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_update BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
