// The tone of each gateway answer and action outcome on the timeline (timeline.ts). The words themselves are the
// catalog's (messages/<language>/payment.json, `timeline`), in the reader's language.
import type { TimelineTone } from "./timeline";

export const ANSWER_TONE: Record<string, TimelineTone> = {
  success: "success",
  declined: "warning",
  gateway_error: "danger",
  transport: "danger",
};

export const OUTCOME_TONE: Record<string, TimelineTone> = {
  succeeded: "success",
  declined: "danger",
  failed: "danger",
};
