// Saved views of the transactions list ("my morning filter"): a name and the list's canonical query string.
// One schema for the save dialog and POST /api/transactions/views; the query must be a valid list query.
import { z } from "zod";
import { searchParamsRecord, toQueryString, transactionListQuerySchema } from "./list-query";

export const MAX_SAVED_VIEWS = 50;

export const createSavedViewSchema = z.object({
  name: z.string().trim().min(1, "Give the view a name.").max(60, "Use at most 60 characters."),
  query: z
    .string()
    .max(2000, "This filter is too long to save.")
    .transform((text, ctx) => {
      const params = new URLSearchParams(text.replace(/^\?/, ""));
      // A view is a filter, not a position in the list: the page cursor is dropped, never saved.
      params.delete("cursor");
      const parsed = transactionListQuerySchema.safeParse(searchParamsRecord(params));
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "Fix the filter before saving it as a view." });
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
