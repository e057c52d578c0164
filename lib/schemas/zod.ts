// zod as every schema of lib/schemas uses it: zod's own messages (a check written without a message) come out as
// keys of the validation namespace with their values, like the schemas' own messages (./messages.ts), so the form's
// FieldError and the API's error answer show them in the reader's language. The mapping gives keys, never words:
// one global setting that does not depend on who is asking, safe on a server serving several languages at once.
// The English catalog says exactly what zod's English locale says.
import { z } from "zod";
import { keyedMessage, type KeyedValues } from "../i18n/keyed-message";

const util = z.core.util;
const SIZED = new Set(["string", "array", "set", "map", "file"]);
const FORMATS: Record<string, string> = { email: "zod.invalidEmail", uuid: "zod.invalidUuid", url: "zod.invalidUrl" };

type Issue = z.core.$ZodRawIssue;

function keyOf(issue: Issue): [string, KeyedValues?] | undefined {
  const i = issue as Issue & Record<string, unknown>;
  switch (issue.code) {
    case "invalid_type": {
      const received = util.parsedType(issue.input);
      return [
        "zod.invalidType",
        {
          expected: String(i.expected),
          received:
            received === "number" && typeof issue.input === "number" && !Number.isFinite(issue.input) ? String(issue.input) : received,
        },
      ];
    }
    case "invalid_value": {
      const values = i.values as unknown[];
      if (values.length === 1) return ["zod.invalidValue", { expected: util.stringifyPrimitive(values[0]) }];
      return ["zod.invalidOption", { options: util.joinValues(values as never[], "|") }];
    }
    case "too_big":
    case "too_small": {
      const origin = String(i.origin ?? "value");
      const cmp = i.exact ? "exact" : i.inclusive ? "inclusive" : "exclusive";
      const bound = String(issue.code === "too_big" ? i.maximum : i.minimum);
      const key = issue.code === "too_big" ? "zod.tooBig" : "zod.tooSmall";
      return SIZED.has(origin) ? [`${key}Sized`, { origin, cmp, bound }] : [key, { origin, cmp, bound }];
    }
    case "invalid_format": {
      const format = String(i.format);
      if (FORMATS[format]) return [FORMATS[format]];
      if (format === "regex") return ["zod.invalidPattern", { pattern: String(i.pattern) }];
      return undefined; // starts_with, iso dates…: zod's own English (no schema here uses them without a message)
    }
    case "unrecognized_keys": {
      const keys = i.keys as string[];
      return ["zod.unrecognizedKeys", { count: keys.length, keys: util.joinValues(keys as never[], ", ") }];
    }
    case "invalid_union":
      if (Array.isArray(i.options) && i.options.length > 0)
        return ["zod.invalidDiscriminator", { options: (i.options as unknown[]).map((o) => `'${String(o)}'`).join(" | ") }];
      return i.inclusive === false ? undefined : ["zod.invalidInput"];
    case "invalid_element":
    case "invalid_key":
    case "not_multiple_of":
      return undefined;
    default:
      return ["zod.invalidInput"];
  }
}

/** zod's message for a check written without one, as a validation key (undefined: zod's own English). */
export function zodIssueMessage(issue: Issue): string | undefined {
  const k = keyOf(issue);
  return k ? keyedMessage(k[0], k[1]) : undefined;
}

z.config({ customError: zodIssueMessage });

export { z };
