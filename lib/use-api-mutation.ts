// useApiMutation: every form's and dialog's call to the API, on TanStack Query's mutations (rules in ./api-mutation),
// the observer loaded with the first submission (./use-lazy-mutation).
// The step-up dialog comes with apiFetch: a call refused for a stale second factor asks for one and is sent again.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import type { ApiError } from "./api-client";
import { apiMutationOptions, errorTextOf, generalMessage, SubmissionKey, type ApiMutationConfig } from "./api-mutation";
import { useLazyMutation } from "./use-lazy-mutation";

/** An ApiError's message (or a message chosen for it) in the reader's language: `errorText(text, apiError)`. */
export function useApiErrorText(): (text: string, error: ApiError) => string {
  const errors = useTranslations("errors");
  const validation = useTranslations("validation");
  return useCallback((text, error) => errorTextOf(text, error, { errors, validation }), [errors, validation]);
}

export interface ApiMutation<TVars, TResult> {
  /** Sends the call; resolves with the result, or undefined after an error (shown through `error`). Never throws. */
  submit(vars: TVars): Promise<TResult | undefined>;
  pending: boolean;
  /** The values being sent, while pending (which of several buttons is busy). */
  variables: TVars | undefined;
  /** The result of the last success, until the next submission. */
  result: TResult | undefined;
  /** The general message of the last error, or null. */
  error: string | null;
  apiError: ApiError | null;
  /** This opened form's idempotency key (a new one after each success). */
  idempotencyKey: string;
  /** Forgets the last error or result (a dialog closed and kept mounted). */
  reset(): void;
}

export function useApiMutation<TVars = void, TResult = unknown, F extends string = string>(
  config: ApiMutationConfig<TVars, TResult, F>,
): ApiMutation<TVars, TResult> {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [key] = useState(() => new SubmissionKey());
  const mutation = useLazyMutation(apiMutationOptions(config, { key, queryClient, refresh: () => router.refresh() }));
  const { mutateAsync } = mutation;
  const errorText = useApiErrorText();
  const general = mutation.error ? generalMessage(mutation.error, config) : null;
  const submit = useCallback((vars: TVars) => mutateAsync({ vars }).catch(() => undefined), [mutateAsync]);
  return {
    submit,
    pending: mutation.isPending,
    variables: mutation.isPending ? mutation.variables?.vars : undefined,
    result: mutation.data,
    error: mutation.error && general !== null ? errorText(general, mutation.error) : null,
    apiError: mutation.error,
    idempotencyKey: key.current,
    reset: mutation.reset,
  };
}
