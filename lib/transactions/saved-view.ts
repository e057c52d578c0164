// Saved views of the transactions list ("my morning filter"): a name and the list's canonical query string.
// One schema for the save dialog and POST /api/transactions/views; the query must be a valid list query.
import { z } from "zod";
import { searchParamsRecord, toQueryString, transactionListQuerySchema } from "./list-query";
import { SAVED_VIEW_MESSAGES } from "./saved-view-messages";

export { SAVED_VIEW_MESSAGES, savedViewMessageKey } from "./saved-view-messages";

export const MAX_SAVED_VIEWS = 50;

const M = SAVED_VIEW_MESSAGES;

export const createSavedViewSchema = z.object({
  name: z.string().trim().min(1, M.nameRequired).max(60, M.nameTooLong),
  query: z
    .string()
    .max(2000, M.queryTooLong)
    .transform((text, ctx) => {
      const params = new URLSearchParams(text.replace(/^\?/, ""));
      // A view is a filter, not a position in the list: the page cursor is dropped, never saved.
      params.delete("cursor");
      const parsed = transactionListQuerySchema.safeParse(searchParamsRecord(params));
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: M.queryInvalid });
        return z.NEVER;
      }
      return toQueryString(parsed.data, { cursor: null });
    }),
});
export type CreateSavedViewInput = z.input<typeof createSavedViewSchema>;
export type CreateSavedView = z.output<typeof createSavedViewSchema>;

export const savedViewParamsSchema = z.object({ viewId: z.uuid("Not a saved view.") });

export interface SavedView {
  id: string;
  name: string;
  query: string;
  createdAt: string;
}
