// Saved views of the transactions list ("my morning filter"): a name and the list's canonical query string.
// One schema for the save dialog and POST /api/transactions/views; the query must be a valid list query.
import { z } from "@/lib/schemas/zod";
import { vmsg } from "@/lib/schemas/messages";
import { searchParamsRecord, toQueryString, transactionListQuerySchema } from "./list-query";

export const MAX_SAVED_VIEWS = 50;

export const createSavedViewSchema = z.object({
  name: z.string().trim().min(1, vmsg("savedViews.name")).max(60, vmsg("text.atMost60")),
  query: z
    .string()
    .max(2000, vmsg("savedViews.filterTooLong"))
    .transform((text, ctx) => {
      const params = new URLSearchParams(text.replace(/^\?/, ""));
      // A view is a filter, not a position in the list: the page cursor is dropped, never saved.
      params.delete("cursor");
      const parsed = transactionListQuerySchema.safeParse(searchParamsRecord(params));
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: vmsg("savedViews.fixFilter") });
        return z.NEVER;
      }
      return toQueryString(parsed.data, { cursor: null });
    }),
});
export type CreateSavedViewInput = z.input<typeof createSavedViewSchema>;
export type CreateSavedView = z.output<typeof createSavedViewSchema>;

export const savedViewParamsSchema = z.object({ viewId: z.uuid(vmsg("ids.savedView")) });

export interface SavedView {
  id: string;
  name: string;
  query: string;
  createdAt: string;
}
