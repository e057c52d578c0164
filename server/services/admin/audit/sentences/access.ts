// Sentences for the audit entries of people and access: sign-in and sessions, second factors, passwords, users and
// roles administration, refusals of the grant rules, partners, exports and saved views.
import "server-only";
import { list, ltr, names, num, plural, str, type Entry, type Sentence } from "./parts";

const FACTOR: Record<string, string> = { totp: "authenticator app", passkey: "passkey", recovery_code: "recovery code" };
const factor = (s: Record<string, unknown>) => FACTOR[str(s, "kind") ?? ""] ?? str(s, "kind")?.replace(/_/g, " ") ?? "second factor";
const SIGN_IN_FAILURE: Record<string, string> = {
  wrong_password: "wrong password",
  unknown_account: "no such account",
  disabled: "the account is disabled",
};
/** What a refused attempt was, for authz.denied. */
const ATTEMPT: Record<string, string> = {
  "user.create": "creating a user",
  "user.roles_change": "changing a user's roles",
  "user.disable": "disabling a user",
  "user.enable": "enabling a user",
  "role.create": "creating a role",
  "role.update": "changing a role",
};

const email = (s: Record<string, unknown>): Sentence => {
  const e = str(s, "email");
  return e ? [ltr(e)] : ["a user"];
};

function auth(e: Entry, step: string): Sentence | null {
  const s = e.summary;
  switch (step) {
    case "sign_in":
      return ["Signed in"];
    case "sign_in_failed": {
      const why = SIGN_IN_FAILURE[str(s, "reason") ?? ""];
      return ["Sign-in failed for ", ...email(s), ...(why ? [`: ${why}`] : [])];
    }
    case "sign_in_throttled":
      return ["Sign-in blocked for ", ...email(s), " after too many failed attempts"];
    case "sign_out":
      return ["Signed out"];
    case "sessions_ended": {
      const ended = list(s, "ended")?.length ?? null;
      const count = ended !== null ? ` (${plural(ended, "session")})` : "";
      const scope = str(s, "scope");
      if (scope === "others") return [`Other sessions ended${count}`];
      return [scope === "one" ? "A session of " : "Every session of ", ...email(s), ` ended${scope === "one" ? "" : count}`];
    }
    case "second_factor":
      return [`Second step passed with ${factor(s)}`];
    case "second_factor_failed":
      return [`Second step failed (${factor(s)})`];
    case "second_factor_locked":
      return ["Second step locked after too many failures"];
    case "factor_enrolled": {
      const name = str(s, "name");
      return str(s, "kind") === "passkey"
        ? ["Passkey ", ...(name ? [`“${name}” `] : []), "added"]
        : [`${factor(s)} set up`.replace(/^./, (c) => c.toUpperCase())];
    }
    case "factor_removed": {
      const remaining = num(s, "remaining");
      return [`${factor(s)} removed`.replace(/^./, (c) => c.toUpperCase()), remaining !== null ? ` (${remaining} left)` : ""];
    }
    case "recovery_codes_regenerated":
      return ["New recovery codes generated (the old ones stop working)"];
    case "password_reset_requested": {
      const why = {
        disabled: ": the account is disabled, no mail sent",
        no_account: ": no such account, no mail sent",
        mailed: ": link mailed",
      }[str(s, "outcome") ?? ""];
      return ["Password reset requested", why ?? ""];
    }
    case "change_password_throttled":
      return ["Password change blocked after too many wrong current passwords"];
    case "set_password_throttled":
      return ["Set-password link blocked for this address after too many invalid links"];
  }
  return null;
}

function user(e: Entry, step: string): Sentence | null {
  const s = e.summary;
  switch (step) {
    case "create": {
      const roles = list(s, "roles") ?? [];
      const type = str(s, "userType") === "SUPER_ADMIN" ? "Super-admin " : "User ";
      return [
        type,
        ...email(s),
        " created",
        roles.length ? ` with ${roles.length === 1 ? "role" : "roles"} ${names(roles)}` : " with no role",
        "; invitation mailed",
      ];
    }
    case "roles_change":
      return ["Roles of ", ...email(s), ` changed from ${names(list(s, "before") ?? [])} to ${names(list(s, "after") ?? [])}`];
    case "disable":
      return ["User ", ...email(s), " disabled and signed out everywhere"];
    case "enable":
      return ["User ", ...email(s), " enabled"];
    case "invitation_resend":
      return ["Invitation re-sent to ", ...email(s), " (earlier links no longer work)"];
    case "password_set":
      return ["Password chosen with a one-time link"];
    case "password_change":
      return ["Password changed"];
    case "factors_reset":
      return ["Two-step verification of ", ...email(s), " reset"];
    case "factors_reset_refused":
      return ["Reset of two-step verification refused", ...(str(s, "reason") ? [`: ${str(s, "reason")!.replace(/_/g, " ")}`] : [])];
    case "update":
      return ["User ", ...email(s), " updated"];
  }
  return null;
}

function role(e: Entry, step: string): Sentence | null {
  const s = e.summary;
  const name = str(s, "name");
  const permissions = list(s, "permissions");
  const dropped = list(s, "notAssigned") ?? [];
  const droppedPart = dropped.length ? [`; the gateway did not assign ${plural(dropped.length, "permission")}`] : [];
  const count = permissions ? ` with ${plural(permissions.length, "permission")}` : "";
  if (step === "create") return [`Role ${name ?? ""} created${count}`.replace("  ", " "), ...droppedPart];
  if (step === "update") {
    const before = s.before && typeof s.before === "object" ? (s.before as Record<string, unknown>) : null;
    const oldName = before ? str(before, "name") : null;
    const renamed = oldName && name && oldName !== name ? ` (renamed from ${oldName})` : "";
    return [`Role ${name ?? ""} updated${renamed}: now${count || " changed"}`.replace("now with", "now"), ...droppedPart];
  }
  if (step === "mirror_refresh") {
    const roles = num(s, "roles");
    return [
      "Roles refreshed from the gateway",
      roles !== null ? `: ${plural(roles, "role")}` : "",
      s.complete === false ? " (stopped before the last page)" : "",
    ];
  }
  return null;
}

const exportSentence = (what: string, s: Record<string, unknown>): Sentence => {
  const rows = num(s, "rows");
  const outcome = str(s, "outcome");
  return [
    `${what} exported to CSV`,
    rows !== null ? `: ${plural(rows, "row")}` : "",
    outcome && outcome !== "completed" ? ` (${outcome.replace(/_/g, " ")})` : "",
  ];
};

/** The sentence of an access entry, or null when the action is not one of these. */
export function accessSentence(e: Entry): Sentence | null {
  const [head, ...rest] = e.action.split(".");
  const step = rest.join(".");
  const s = e.summary;
  switch (head) {
    case "auth":
      return auth(e, step);
    case "user":
      return user(e, step);
    case "role":
      return role(e, step);
    case "authz":
      if (step !== "denied") return null;
      return [
        `Refused: ${ATTEMPT[str(s, "attempted") ?? ""] ?? (str(s, "attempted") ?? "an action").replace(/[._]/g, " ")}`,
        ...(str(s, "reason") ? [` (${str(s, "reason")})`] : []),
      ];
    case "partner": {
      const id = e.targetId ? [" ", ltr(e.targetId)] : [];
      if (step === "delete") return ["Partner", ...id, " deleted at the gateway"];
      if (step !== "delete_failed") return null;
      const outcome = str(s, "outcome");
      const why = {
        not_found: "the gateway has no such partner",
        access_level: "the API key's access level may not",
        unavailable: "the gateway did not answer",
        outcome_unknown: "the gateway did not confirm",
      }[outcome ?? ""];
      return ["Partner", ...id, " not deleted", why ? `: ${why}` : ""];
    }
    case "audit":
      return step === "export" ? exportSentence("Audit log", s) : null;
    case "transactions":
      if (step === "export") return exportSentence("Transactions", s);
      if (step === "view_create" || step === "view_delete") {
        const name = str(s, "name");
        return [`Saved view ${name ? `“${name}” ` : ""}${step === "view_create" ? "created" : "deleted"}`];
      }
      return null;
    case "refunds_report":
      return step === "view" ? ["Refunds report viewed"] : null;
  }
  return null;
}
