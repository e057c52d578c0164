// The rules of useApiMutation, run through TanStack Query's own MutationObserver (what useMutation wraps).
import { MutationObserver, QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { apiFetch, ApiError, setStepUpHandler } from "./api-client";
import {
  apiMutationOptions,
  errorTextOf,
  generalMessage,
  SubmissionKey,
  toApiError,
  type ApiMutationConfig,
  type Submission,
} from "./api-mutation";

function setup<TVars, TResult, F extends string = string>(config: ApiMutationConfig<TVars, TResult, F>) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const key = new SubmissionKey();
  const refresh = vi.fn();
  const observer = new MutationObserver(queryClient, apiMutationOptions(config, { key, queryClient, refresh }));
  const submit = (vars: TVars) => observer.mutate({ vars } as Submission<TVars>).catch(() => undefined);
  return { queryClient, key, refresh, observer, submit };
}

const refused = (fields?: Record<string, string[]>, code = "validation_failed") =>
  new ApiError(422, code, "Check the highlighted fields.", fields);

describe("useApiMutation's rules", () => {
  it("keeps one idempotency key across retries of one submission", async () => {
    const sent: string[] = [];
    let fail = true;
    const { submit } = setup({
      mutationFn: async (_v: void, { idempotencyKey }) => {
        sent.push(idempotencyKey);
        if (fail) throw new ApiError(0, "network", "The dashboard could not be reached.");
        return "ok";
      },
    });
    await submit();
    await submit();
    fail = false;
    await submit();
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^k_[0-9a-f]{32}$/);
  });

  it("uses a new idempotency key for the next submission after a success", async () => {
    const sent: string[] = [];
    const { submit } = setup({ mutationFn: async (_v: void, { idempotencyKey }) => sent.push(idempotencyKey) });
    await submit();
    await submit();
    expect(sent[0]).not.toBe(sent[1]);
  });

  it("gives each opened form its own idempotency key", () => {
    expect(new SubmissionKey().current).not.toBe(new SubmissionKey().current);
  });

  it("puts field errors on the form, only on the form's own fields", async () => {
    const setError = vi.fn();
    const { submit, observer } = setup({
      mutationFn: async () => {
        throw refused({
          "body.amount": ["Too much."],
          note: ["Required."],
          "body.address.city": ["Unknown city."],
          elsewhere: ["Not here."],
        });
      },
      form: { setError, fields: ["amount", "note", "address"] as const, shouldFocus: true },
    });
    await submit(undefined);
    expect(setError.mock.calls).toEqual([
      ["amount", { message: "Too much." }, { shouldFocus: true }],
      ["note", { message: "Required." }, { shouldFocus: true }],
      ["address", { message: "Unknown city." }, { shouldFocus: true }],
    ]);
    expect(observer.getCurrentResult().error?.code).toBe("validation_failed");
  });

  it("shows the API's message for the rest, or what the form chooses", () => {
    const form = { setError: () => {}, fields: ["name"] as const };
    expect(generalMessage(refused({ name: ["Taken."] }, "conflict"), { form })).toBe("Check the highlighted fields.");
    const message = (e: ApiError, onField: boolean) => (onField && e.code === "conflict" ? null : e.message);
    expect(generalMessage(refused({ name: ["Taken."] }, "conflict"), { form, message })).toBeNull();
    expect(generalMessage(refused({ other: ["x"] }, "conflict"), { form, message })).toBe("Check the highlighted fields.");
  });

  it("turns an error that is not the API's into the form's general message", async () => {
    const { submit, observer } = setup({
      mutationFn: async () => {
        throw new TypeError("startRegistration is not a function");
      },
      fallbackMessage: "The passkey was not added. Try again.",
    });
    await submit(undefined);
    expect(observer.getCurrentResult().error).toMatchObject({ code: "unknown", message: "The passkey was not added. Try again." });
    expect(toApiError(refused())).toBeInstanceOf(ApiError);
  });

  it("after a success invalidates the given queries, refreshes the page and then calls onSuccess", async () => {
    const order: string[] = [];
    const { submit, queryClient, refresh } = setup({
      mutationFn: async (v: { n: number }) => v.n * 2,
      invalidate: [["payment-links"]],
      refresh: true,
      onSuccess: (r, v) => order.push(`done ${r} for ${v.n}`),
    });
    const fetched = vi.fn(async () => "links");
    const poll = new QueryObserver(queryClient, { queryKey: ["payment-links"], queryFn: fetched });
    const unsubscribe = poll.subscribe(() => {});
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    refresh.mockImplementation(() => order.push("refresh"));
    await submit({ n: 21 });
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(2));
    expect(order).toEqual(["refresh", "done 42 for 21"]);
    unsubscribe();
  });

  it("does not refresh after a refusal unless asked to", async () => {
    const fails = async () => {
      throw refused();
    };
    const a = setup({ mutationFn: fails, refresh: true });
    await a.submit(undefined);
    expect(a.refresh).not.toHaveBeenCalled();
    const b = setup({ mutationFn: fails, refresh: "always" });
    await b.submit(undefined);
    expect(b.refresh).toHaveBeenCalledOnce();
  });

  it("forgets the submitted values (a card number) once the call is over", async () => {
    const { submit, observer } = setup({ mutationFn: async (v: { cardNumber: string }) => v.cardNumber.length });
    await submit({ cardNumber: "4111111111111111" });
    expect(observer.getCurrentResult().data).toBe(16);
    expect(observer.getCurrentResult().variables).toEqual({ vars: undefined });
    // The whole number, not a prefix: the result's submittedAt (a millisecond clock) contained "4111" in one run.
    expect(JSON.stringify(observer.getCurrentResult())).not.toContain("4111111111111111");
  });

  it("asks for a fresh second factor when the API wants one, then sends the same submission again with the same key", async () => {
    const bodies: string[] = [];
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(String(init.body));
      if (bodies.length === 1)
        return new Response(JSON.stringify({ error: { code: "step_up_required", message: "Confirm it is you." } }), { status: 403 });
      return new Response(JSON.stringify({ state: "succeeded", message: "Refunded." }), { status: 200 });
    });
    vi.stubGlobal("fetch", fetchMock);
    const stepUp = vi.fn(async () => true);
    setStepUpHandler(stepUp);
    try {
      const onSuccess = vi.fn();
      const { submit } = setup({
        mutationFn: (v: { amount: string }, { idempotencyKey }) =>
          apiFetch("/api/transactions/p/refunds", { method: "POST", body: { ...v, idempotencyKey } }),
        onSuccess,
      });
      await submit({ amount: "5.00" });
      expect(stepUp).toHaveBeenCalledOnce();
      expect(bodies).toHaveLength(2);
      expect(bodies[1]).toBe(bodies[0]);
      expect(onSuccess).toHaveBeenCalledWith({ state: "succeeded", message: "Refunded." }, { amount: "5.00" });
    } finally {
      setStepUpHandler(null);
      vi.unstubAllGlobals();
    }
  });
});

// Rule guarded (#15): a general message made in the browser (no answer, an answer without the error shape, a bug)
// comes from the errors catalog in the reader's language; a schema's message (a validation key) from the validation
// catalog; the API's own message (already translated by the server) is shown as it is.
describe("errorTextOf", () => {
  const t = (catalog: Record<string, string>) => {
    const f = ((key: string, values?: Record<string, unknown>) =>
      catalog[key]!.replace(/\{(\w+)\}/g, (_m, n: string) => String(values?.[n]))) as unknown as Parameters<
      typeof errorTextOf
    >[2]["errors"];
    (f as unknown as { has(k: string): boolean }).has = (k: string) => k in catalog;
    return f;
  };
  const ar = {
    errors: t({
      "client.network": "تعذّر الوصول إلى لوحة التحكم.",
      "client.unknown": "حدث خطأ ما.",
      "client.httpFailed": "فشل الطلب (HTTP {status}).",
    }),
    validation: t({ "text.reason200": "اجعل السبب أقل من 200 حرف." }),
  };

  it("translates the browser's own errors by their key, a schema's message by the validation catalog, and leaves the API's", () => {
    const network = new ApiError(0, "network", "The dashboard could not be reached.", undefined, undefined, "client.network");
    expect(errorTextOf(network.message, network, ar)).toBe("تعذّر الوصول إلى لوحة التحكم.");
    const unknown = toApiError(new TypeError("x"));
    expect(unknown.message).toBe("Something went wrong.");
    expect(errorTextOf(unknown.message, unknown, ar)).toBe("حدث خطأ ما.");
    const http = new ApiError(502, "unknown", "The request failed (HTTP 502).", undefined, undefined, "client.httpFailed?status=502");
    expect(errorTextOf(http.message, http, ar)).toBe("فشل الطلب (HTTP 502).");
    const schema = new ApiError(0, "validation_failed", "text.reason200");
    expect(errorTextOf(schema.message, schema, ar)).toBe("اجعل السبب أقل من 200 حرف.");
    const api = new ApiError(409, "conflict", "هذه الخطة متوقفة مؤقتًا مسبقًا.");
    expect(errorTextOf(api.message, api, ar)).toBe("هذه الخطة متوقفة مؤقتًا مسبقًا.");
    // A message the form chose itself (config.message) stays as it is.
    expect(errorTextOf("Could not save.", network, ar)).toBe("Could not save.");
  });
});
