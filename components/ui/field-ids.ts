// Ids that tie a control to its hint and error, derived from the control's id so custom controls can wire
// aria-describedby the same way the built-in fields do.
import { idList } from "./cx";

export function fieldIds(id: string): { id: string; hintId: string; errorId: string } {
  return { id, hintId: `${id}-hint`, errorId: `${id}-error` };
}

/**
 * The aria attributes of a field's control: aria-invalid only when there is an error, aria-describedby listing
 * the hint, the error and any description the caller already set (in that order).
 */
export function fieldAria(
  id: string,
  opts: { hint?: boolean; error?: boolean; describedBy?: string },
): { "aria-invalid": true | undefined; "aria-describedby": string | undefined } {
  const ids = fieldIds(id);
  return {
    "aria-invalid": opts.error ? true : undefined,
    "aria-describedby": idList(opts.hint && ids.hintId, opts.error && ids.errorId, opts.describedBy),
  };
}
