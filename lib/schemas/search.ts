// The search box's query (GET /api/search?q=, and the /search page): any text, read by lib/search/everywhere.ts.
import { z } from "zod";

export const searchQuerySchema = z.object({
  // Longer text is cut to SEARCH_MAX_LENGTH by the reader; a pasted paragraph is not an error.
  q: z.string().max(1000).default(""),
});
