// Sentences for the audit entries of people and access: sign-in and sessions, second factors, passwords, users and
// roles administration, refusals of the grant rules, partners, exports and saved views. Words from the audit
// catalog (audit.s.access.*), in the reader's language.
import "server-only";
import { capitalize, list, ltr, num, str, type Entry, type Sentence, type Speaker } from "./parts";

const FACTORS = ["totp", "passkey", "recovery_code"] as const;
const factor = (sp: Speaker, s: Record<string, unknown>) => {
  const kind = str(s, "kind");
  if (kind && (FACTORS as readonly string[]).includes(kind)) return sp.text(`access.factor.${kind as (typeof FACTORS)[number]}`);
  return kind?.replace(/_/g, " ") ?? sp.text("access.factor.any");
};
const SIGN_IN_FAILURES = ["wrong_password", "unknown_account", "disabled"] as const;
/** What a refused attempt was, for authz.denied. */
const ATTEMPTS = {
  "user.create": "userCreate",
  "user.roles_change": "userRoles",
  "user.disable": "userDisable",
  "user.enable": "userEnable",
  "role.create": "roleCreate",
  "role.update": "roleUpdate",
} as const;
const RESET_OUTCOMES = ["disabled", "no_account", "mailed"] as const;
const PARTNER_FAILURES = ["not_found", "access_level", "unavailable", "outcome_unknown"] as const;

const is = <T extends string>(values: readonly T[], v: string | null): v is T => v !== null && (values as readonly string[]).includes(v);

/** The e-mail of the summary as a left-to-right value, or "a user". */
const email = (sp: Speaker, s: Record<string, unknown>) => {
  const e = str(s, "email");
  return e ? ltr(e) : sp.text("access.aUser");
};

function auth(sp: Speaker, e: Entry, step: string): Sentence | null {
  const s = e.summary;
  switch (step) {
    case "sign_in":
      return sp.say("access.auth.signedIn");
    case "sign_in_failed": {
      const reason = str(s, "reason");
      return [
        ...sp.say("access.auth.signInFailed", { email: email(sp, s) }),
        ...(is(SIGN_IN_FAILURES, reason) ? sp.say("reason", { reason: sp.text(`access.auth.failure.${reason}`) }) : []),
      ];
    }
    case "sign_in_throttled":
      return sp.say("access.auth.signInThrottled", { email: email(sp, s) });
    case "sign_out":
      return sp.say("access.auth.signedOut");
    case "sessions_ended": {
      const ended = list(s, "ended")?.length ?? null;
      const scope = str(s, "scope");
      const count = ended !== null ? sp.text("access.auth.sessionCount", { count: ended }) : "";
      if (scope === "others") return sp.say("access.auth.othersEnded", { count });
      if (scope === "one") return sp.say("access.auth.oneEnded", { email: email(sp, s) });
      return sp.say("access.auth.allEnded", { email: email(sp, s), count });
    }
    case "second_factor":
      return sp.say("access.auth.secondFactor", { factor: factor(sp, s) });
    case "second_factor_failed":
      return sp.say("access.auth.secondFactorFailed", { factor: factor(sp, s) });
    case "second_factor_locked":
      return sp.say("access.auth.secondFactorLocked");
    case "factor_enrolled": {
      const name = str(s, "name");
      if (str(s, "kind") === "passkey") return name ? sp.say("access.auth.passkeyNamed", { name }) : sp.say("access.auth.passkeyAdded");
      return [capitalize(sp.text("access.auth.factorSetUp", { factor: factor(sp, s) }))];
    }
    case "factor_removed": {
      const remaining = num(s, "remaining");
      return [
        capitalize(sp.text("access.auth.factorRemoved", { factor: factor(sp, s) })),
        ...(remaining !== null ? sp.say("access.auth.left", { count: remaining }) : []),
      ];
    }
    case "recovery_codes_regenerated":
      return sp.say("access.auth.recoveryCodes");
    case "password_reset_requested": {
      const outcome = str(s, "outcome");
      return [...sp.say("access.auth.resetRequested"), ...(is(RESET_OUTCOMES, outcome) ? sp.say(`access.auth.reset.${outcome}`) : [])];
    }
    case "change_password_throttled":
      return sp.say("access.auth.changePasswordThrottled");
    case "set_password_throttled":
      return sp.say("access.auth.setPasswordThrottled");
  }
  return null;
}

function user(sp: Speaker, e: Entry, step: string): Sentence | null {
  const s = e.summary;
  switch (step) {
    case "create": {
      const roles = list(s, "roles") ?? [];
      const type = str(s, "userType") === "SUPER_ADMIN" ? "superAdmin" : "user";
      return [
        ...sp.say(`access.user.created.${type}`, { email: email(sp, s) }),
        ...(roles.length ? sp.say("access.user.withRoles", { count: roles.length, names: sp.names(roles) }) : sp.say("access.user.noRole")),
        ...sp.say("access.user.invitationMailed"),
      ];
    }
    case "roles_change":
      return sp.say("access.user.rolesChanged", {
        email: email(sp, s),
        before: sp.names(list(s, "before") ?? []),
        after: sp.names(list(s, "after") ?? []),
      });
    case "disable":
      return sp.say("access.user.disabled", { email: email(sp, s) });
    case "disable_inactive": {
      // The daily inactivity pass (PCI DSS 8.2.6): how long, and the day of the last use (UTC).
      const since = str(s, "lastUsedAt")?.slice(0, 10);
      return sp.say(since ? "access.user.disabledInactiveSince" : "access.user.disabledInactive", {
        email: email(sp, s),
        days: num(s, "days") ?? 0,
        since: ltr(since ?? ""),
      });
    }
    case "enable":
      return sp.say(s.wasInactive === true ? "access.user.enabledAfterInactive" : "access.user.enabled", { email: email(sp, s) });
    case "invitation_resend":
      return sp.say("access.user.invitationResent", { email: email(sp, s) });
    case "password_set":
      return sp.say("access.user.passwordSet");
    case "password_change":
      return sp.say("access.user.passwordChanged");
    case "factors_reset":
      return sp.say("access.user.factorsReset", { email: email(sp, s) });
    case "factors_reset_refused": {
      const reason = str(s, "reason");
      return [...sp.say("access.user.factorsResetRefused"), ...(reason ? sp.say("reason", { reason: reason.replace(/_/g, " ") }) : [])];
    }
    case "update":
      return sp.say("access.user.updated", { email: email(sp, s) });
  }
  return null;
}

function role(sp: Speaker, e: Entry, step: string): Sentence | null {
  const s = e.summary;
  const name = str(s, "name");
  const permissions = list(s, "permissions");
  const dropped = list(s, "notAssigned") ?? [];
  const droppedPart = dropped.length ? sp.say("access.role.notAssigned", { count: dropped.length }) : [];
  const named = name ? "named" : "unnamed";
  if (step === "create")
    return [
      ...sp.say(`access.role.created.${named}`, { name: name ?? "" }),
      ...(permissions ? sp.say("access.role.withPermissions", { count: permissions.length }) : []),
      ...droppedPart,
    ];
  if (step === "update") {
    const before = s.before && typeof s.before === "object" ? (s.before as Record<string, unknown>) : null;
    const oldName = before ? str(before, "name") : null;
    return [
      ...sp.say(`access.role.updated.${named}`, { name: name ?? "" }),
      ...(oldName && name && oldName !== name ? sp.say("access.role.renamed", { oldName }) : []),
      ...(permissions ? sp.say("access.role.nowPermissions", { count: permissions.length }) : sp.say("access.role.nowChanged")),
      ...droppedPart,
    ];
  }
  if (step === "mirror_refresh") {
    const roles = num(s, "roles");
    return [
      ...sp.say("access.role.refreshed"),
      ...(roles !== null ? sp.say("access.role.refreshedCount", { count: roles }) : []),
      ...(s.complete === false ? sp.say("access.role.refreshStopped") : []),
    ];
  }
  return null;
}

function exportSentence(sp: Speaker, what: "audit" | "transactions" | "refunds", s: Record<string, unknown>): Sentence {
  const rows = num(s, "rows");
  const outcome = str(s, "outcome");
  return [
    ...sp.say(`access.export.${what}`),
    ...(rows !== null ? sp.say("access.export.rows", { count: rows }) : []),
    ...(outcome && outcome !== "completed" ? sp.say("access.export.outcome", { outcome: outcome.replace(/_/g, " ") }) : []),
  ];
}

/** The sentence of an access entry, or null when the action is not one of these. */
export function accessSentence(sp: Speaker, e: Entry): Sentence | null {
  const [head, ...rest] = e.action.split(".");
  const step = rest.join(".");
  const s = e.summary;
  switch (head) {
    case "auth":
      return auth(sp, e, step);
    case "user":
      return user(sp, e, step);
    case "role":
      return role(sp, e, step);
    case "authz": {
      if (step !== "denied") return null;
      // A refusal the route wrapper recorded (server/audit/denials.ts): the request, and what it lacked.
      const path = str(s, "path");
      if (path) {
        const permission = str(s, "permission");
        const more = num(s, "suppressedBefore");
        return [
          ...sp.say("access.refusedRoute", { method: ltr(str(s, "method") ?? ""), path: ltr(path) }),
          ...(permission
            ? sp.say("access.refusedNeeds", { permission: ltr(permission) })
            : str(s, "code") === "step_up_required"
              ? sp.say("access.refusedStepUp")
              : []),
          ...(more ? sp.say("access.refusedMore", { count: more }) : []),
        ];
      }
      const attempted = str(s, "attempted");
      const what =
        attempted && attempted in ATTEMPTS
          ? sp.text(`access.attempt.${ATTEMPTS[attempted as keyof typeof ATTEMPTS]}`)
          : (attempted ?? sp.text("access.attempt.any")).replace(/[._]/g, " ");
      const reason = str(s, "reason");
      return [...sp.say("access.refused", { what }), ...(reason ? sp.say("access.refusedWhy", { reason }) : [])];
    }
    case "partner": {
      const id = e.targetId;
      if (step === "delete") return id ? sp.say("access.partner.deleted", { id: ltr(id) }) : sp.say("access.partner.deletedNoId");
      if (step !== "delete_failed") return null;
      const outcome = str(s, "outcome");
      return [
        ...(id ? sp.say("access.partner.notDeleted", { id: ltr(id) }) : sp.say("access.partner.notDeletedNoId")),
        ...(is(PARTNER_FAILURES, outcome) ? sp.say("reason", { reason: sp.text(`access.partner.why.${outcome}`) }) : []),
      ];
    }
    case "audit":
      if (step === "view") {
        const rows = num(s, "rows");
        return [...sp.say("access.export.viewed"), ...(rows !== null ? sp.say("access.export.rows", { count: rows }) : [])];
      }
      return step === "export" ? exportSentence(sp, "audit", s) : null;
    case "transactions":
      if (step === "export") return exportSentence(sp, "transactions", s);
      if (step === "view_create" || step === "view_delete") {
        const name = str(s, "name");
        const done = step === "view_create" ? "created" : "deleted";
        return name ? sp.say(`access.view.${done}Named`, { name }) : sp.say(`access.view.${done}`);
      }
      return null;
    case "refunds":
      return step === "export" ? exportSentence(sp, "refunds", s) : null;
    case "refunds_report":
      return step === "view" ? sp.say("access.refundsReportViewed") : null;
  }
  return null;
}
