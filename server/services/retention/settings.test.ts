// Rule guarded (retention settings): each period is a whole number of days with a default (90 days of processed
// notifications, 395 of gateway calls, 90 of sessions and sign-in records, 90 of sent mail). 0, a negative, a
// fraction or a word is a configuration error naming the variable (start refuses it), never "purge everything" or
// "purge nothing"; sessions are kept at least as long as the new-sign-in alert looks back.
import { describe, expect, it } from "vitest";
import { NEW_SIGN_IN_LOOKBACK_DAYS } from "../../auth/new-sign-in-lookback";
import { ConfigError, readConfig } from "../../config";

const VARIABLES = [
  "RETENTION_NOTIFICATIONS_DAYS",
  "RETENTION_GATEWAY_CALLS_DAYS",
  "RETENTION_SESSIONS_DAYS",
  "RETENTION_SIGN_IN_ATTEMPTS_DAYS",
  "RETENTION_MAIL_DAYS",
] as const;

describe("retention settings", () => {
  it("defaults: 90 days, 395 for gateway calls (about 13 months: disputes come up to 120 days late)", () => {
    expect(readConfig({}).retention).toEqual({
      notificationsDays: 90,
      gatewayCallsDays: 395,
      sessionsDays: 90,
      signInAttemptsDays: 90,
      mailDays: 90,
    });
  });

  it("reads each variable", () => {
    const c = readConfig({
      RETENTION_NOTIFICATIONS_DAYS: "30",
      RETENTION_GATEWAY_CALLS_DAYS: "730",
      RETENTION_SESSIONS_DAYS: "180",
      RETENTION_SIGN_IN_ATTEMPTS_DAYS: "1",
      RETENTION_MAIL_DAYS: " 14 ",
    });
    expect(c.retention).toEqual({ notificationsDays: 30, gatewayCallsDays: 730, sessionsDays: 180, signInAttemptsDays: 1, mailDays: 14 });
  });

  it.each(VARIABLES.flatMap((v) => ["0", "-5", "1.5", "ninety", "", "100000"].map((value) => [v, value] as const)))(
    "%s=%j is a configuration error naming the variable",
    (variable, value) => {
      expect(() => readConfig({ [variable]: value })).toThrow(ConfigError);
      expect(() => readConfig({ [variable]: value })).toThrow(new RegExp(`${variable}: a whole number of days`));
    },
  );

  it("0 is refused with the reason", () => {
    expect(() => readConfig({ RETENTION_NOTIFICATIONS_DAYS: "0" })).toThrow(/0 would delete rows as soon as they are written/);
  });

  it("sessions: not below the new-sign-in alert's look-back (a known browser would look new)", () => {
    expect(() => readConfig({ RETENTION_SESSIONS_DAYS: String(NEW_SIGN_IN_LOOKBACK_DAYS - 1) })).toThrow(
      /RETENTION_SESSIONS_DAYS: a whole number of days from 90 .*new-sign-in alert/,
    );
    expect(readConfig({ RETENTION_SESSIONS_DAYS: String(NEW_SIGN_IN_LOOKBACK_DAYS) }).retention.sessionsDays).toBe(90);
  });
});
