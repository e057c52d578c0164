// The rules of every form's and dialog's call to the API (useApiMutation), kept free of React so they are tested on
// their own: one idempotency key per opened form, the same for every retry of a submission and a new one after a
// success; the API's field errors on the form's own fields; one general message for the rest; after a success, the
// given queries invalidated and the page's server data refreshed. The submitted values are forgotten once the call
// is over (a card number must not stay in the mutation's state).
import type { MutationOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { fieldErrorsOn } from "./forms/field-errors";
import { translateKeyed } from "./i18n/keyed-message";

export function newIdempotencyKey(): string {
  return `k_${crypto.randomUUID().replace(/-/g, "")}`;
}

/** The idempotency key of one opened form or dialog: a double click or a retry after a lost answer acts once. */
export class SubmissionKey {
  private key = newIdempotencyKey();
  get current(): string {
    return this.key;
  }
  /** After a success the next submission is a new operation. */
  renew(): void {
    this.key = newIdempotencyKey();
  }
}

/** Where the API's field errors go: react-hook-form's setError, for the fields this form shows. */
export interface FormTarget<F extends string> {
  setError(name: F, error: { message: string }, options?: { shouldFocus?: boolean }): void;
  fields: readonly F[];
  /** Move focus to the first field the API found wrong. */
  shouldFocus?: boolean;
}

export interface ApiMutationConfig<TVars, TResult, F extends string = string> {
  /** The call; `idempotencyKey` is this form's (send it when the route takes one). */
  mutationFn(vars: TVars, ctx: { idempotencyKey: string }): Promise<TResult>;
  form?: FormTarget<F>;
  /** Queries whose data the call changed. */
  invalidate?: readonly QueryKey[];
  /** router.refresh() after a success (the page's server data changed); "always": after a refusal too. */
  refresh?: boolean | "always";
  onSuccess?(result: TResult, vars: TVars): void;
  onError?(error: ApiError, vars: TVars): void;
  /** The message of an error that is not the API's (a browser error, a bug). */
  fallbackMessage?: string;
  /** The general message shown with the form, or null for none; default: the API's message. */
  message?(error: ApiError, onField: boolean): string | null;
}

/** The submitted values, boxed so they can be dropped once the call is over. */
export interface Submission<TVars> {
  vars: TVars | undefined;
}

/** The error as an ApiError; anything else becomes `fallback` (already in the reader's words) or the catalog's "Something went wrong." */
export function toApiError(e: unknown, fallback?: string): ApiError {
  if (e instanceof ApiError) return e;
  return fallback
    ? new ApiError(0, "unknown", fallback)
    : new ApiError(0, "unknown", "Something went wrong.", undefined, undefined, "client.unknown");
}

/** The part of next-intl's translators errorTextOf needs. */
type Translate = Parameters<typeof translateKeyed>[0];

/**
 * A general message in the reader's language: an error made in the browser by its key (errors namespace); a
 * schema's message (a validation key, e.g. a dialog's own safeParse) by the validation namespace; the API's own
 * message (already translated) as it is.
 */
export function errorTextOf(text: string, error: ApiError, t: { errors: Translate; validation: Translate }): string {
  if (error.messageKey && text === error.message) return translateKeyed(t.errors, error.messageKey);
  return translateKeyed(t.validation, text);
}

/** Puts the API's field errors on the form's own fields; true when at least one landed there. */
export function putFieldErrors<F extends string>(error: ApiError, form: FormTarget<F> | undefined): boolean {
  const onField = form ? fieldErrorsOn(error.fields, form.fields) : [];
  for (const [field, message] of onField) form!.setError(field, { message }, form!.shouldFocus ? { shouldFocus: true } : undefined);
  return onField.length > 0;
}

/** The message shown with the form for an error (the field errors are shown beside their fields). */
export function generalMessage<F extends string>(
  error: ApiError,
  config: Pick<ApiMutationConfig<never, never, F>, "form" | "message">,
): string | null {
  if (!config.message) return error.message;
  return config.message(error, config.form ? fieldErrorsOn(error.fields, config.form.fields).length > 0 : false);
}

export interface MutationContext {
  key: SubmissionKey;
  queryClient: QueryClient;
  refresh(): void;
}

export function apiMutationOptions<TVars, TResult, F extends string>(
  config: ApiMutationConfig<TVars, TResult, F>,
  ctx: MutationContext,
): MutationOptions<TResult, ApiError, Submission<TVars>> {
  return {
    mutationFn: async (s) => {
      try {
        return await config.mutationFn(s.vars as TVars, { idempotencyKey: ctx.key.current });
      } catch (e) {
        throw toApiError(e, config.fallbackMessage);
      }
    },
    onSuccess: (result, s) => {
      ctx.key.renew();
      for (const queryKey of config.invalidate ?? []) void ctx.queryClient.invalidateQueries({ queryKey });
      if (config.refresh) ctx.refresh();
      config.onSuccess?.(result, s.vars as TVars);
    },
    onError: (error, s) => {
      // The form's own clean-up first (a card form wipes the card), then the errors go on the fields.
      config.onError?.(error, s.vars as TVars);
      putFieldErrors(error, config.form);
      if (config.refresh === "always") ctx.refresh();
    },
    onSettled: (_r, _e, s) => {
      s.vars = undefined;
    },
  };
}
