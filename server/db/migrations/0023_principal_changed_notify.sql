-- The principal cache (server/auth/principal-cache.ts) keeps a signed-in session's checked principal for a few
-- seconds. Every change that can end a session or change what it may do (sign-out, disable, password change, a
-- role's permissions, a user's roles, an enrolled or removed second factor, a second-factor check) notifies
-- channel 'principal_changed' when it commits, whichever code path or process made it; every app instance LISTENs
-- and drops its cache. Statement-level: one notification per statement, merged by Postgres within a transaction.
-- Not notified: a new session (nothing cached for it yet) and the once-a-minute last_seen_at touch.
-- Idempotent (OR REPLACE): this migration was released with an earlier timestamp, before 0022 was placed ahead of
-- it, so a database migrated by that release runs it a second time on upgrade (Drizzle applies every migration
-- newer than the last one it recorded). Running it again changes nothing.
CREATE OR REPLACE FUNCTION principal_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principal_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_principal_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changed_notify();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sessions_principal_changed AFTER UPDATE OF user_id, ended_at, mfa_verified_at, factor_at OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changed_notify();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER user_roles_principal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changed_notify();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER roles_principal_changed AFTER UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changed_notify();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER mfa_totp_principal_changed AFTER INSERT OR UPDATE OF user_id, confirmed_at OR DELETE OR TRUNCATE ON mfa_totp
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changed_notify();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER mfa_passkeys_principal_changed AFTER INSERT OR UPDATE OF user_id OR DELETE OR TRUNCATE ON mfa_passkeys
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changed_notify();
