// The saved-view schema's messages (English, the API's) and their catalog keys: the save dialog says them from
// transactions.views.errors.<key>. Apart from lib/transactions/saved-view.ts so that the dialog's first load does not
// pull zod in (lib/forms/no-zod-in-first-load.test.ts).
export const SAVED_VIEW_MESSAGES = {
  nameRequired: "Give the view a name.",
  nameTooLong: "Use at most 60 characters.",
  queryTooLong: "This filter is too long to save.",
  queryInvalid: "Fix the filter before saving it as a view.",
} as const;

/** The catalog key of one of these messages, or null (a server's message, e.g. a name already taken). */
export function savedViewMessageKey(message: string | undefined): keyof typeof SAVED_VIEW_MESSAGES | null {
  return (
    (Object.keys(SAVED_VIEW_MESSAGES) as Array<keyof typeof SAVED_VIEW_MESSAGES>).find((k) => SAVED_VIEW_MESSAGES[k] === message) ?? null
  );
}
