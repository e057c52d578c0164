// TanStack Query's useMutation with its MutationObserver created on the first submission instead of with the page:
// the observer's code (about 1.8 KB gzipped) is fetched when someone first submits, like the forms' zod schemas
// (lib/forms/lazy-zod-resolver.ts), and no page carries it in its first load (DESIGN.md's JavaScript budget). The
// semantics are useMutation's: the same observer, mutation cache and hook-level callbacks; options follow each
// render; unmounting unsubscribes.
import { useQueryClient, type MutationObserver, type MutationObserverResult, type MutationOptions } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";

const loadObserver = () => import("./mutation-observer").then((m) => m.MutationObserver);

export interface LazyMutationState<TData, TError, TVars> {
  isPending: boolean;
  data: TData | undefined;
  error: TError | null;
  variables: TVars | undefined;
}

/** What the hook shows from an observer's result (exported for its unit test). */
export function stateOf<TData, TError, TVars>(r: MutationObserverResult<TData, TError, TVars>): LazyMutationState<TData, TError, TVars> {
  return { isPending: r.isPending, data: r.data, error: r.error, variables: r.variables };
}

const IDLE = { isPending: false, data: undefined, error: null, variables: undefined } as const;

export function useLazyMutation<TData, TError, TVars>(options: MutationOptions<TData, TError, TVars>) {
  const client = useQueryClient();
  const observer = useRef<MutationObserver<TData, TError, TVars> | null>(null);
  const latest = useRef(options);
  const unsubscribe = useRef<(() => void) | null>(null);
  const [state, setState] = useState<LazyMutationState<TData, TError, TVars>>(IDLE);

  useEffect(() => {
    latest.current = options;
    observer.current?.setOptions(options);
  }, [options]);
  useEffect(
    () => () => {
      unsubscribe.current?.();
      unsubscribe.current = null;
    },
    [],
  );

  const mutateAsync = useCallback(
    async (variables: TVars): Promise<TData> => {
      if (!observer.current) {
        // Pending from the click on, while the observer's code arrives.
        setState({ ...IDLE, isPending: true, variables });
        const MutationObserver = await loadObserver().catch((e: unknown) => {
          setState(IDLE); // the code could not be fetched (offline, a new deployment): the form is usable again
          throw e;
        });
        if (!observer.current) {
          const created = new MutationObserver<TData, TError, TVars>(client, latest.current);
          unsubscribe.current = created.subscribe((r) => setState(stateOf(r)));
          observer.current = created;
        }
      }
      return observer.current.mutate(variables);
    },
    [client],
  );
  const reset = useCallback(() => {
    if (observer.current) observer.current.reset();
    else setState(IDLE);
  }, []);
  return { ...state, mutateAsync, reset };
}
