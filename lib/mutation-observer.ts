// TanStack Query's MutationObserver alone, as a module of its own so that a dynamic import of it fetches only the
// observer (see lib/use-lazy-mutation.ts), not the whole of @tanstack/react-query.
export { MutationObserver } from "@tanstack/react-query";
