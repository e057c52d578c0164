"use client";
// Sends one money action with the idempotency key created when its dialog opened, and refreshes the page's
// server data afterwards. The result message is the server's.
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { apiFetch, ApiError } from "@/lib/api-client";

export interface ActionResult {
  state: string;
  message: string;
}

export function newIdempotencyKey(): string {
  return `k_${crypto.randomUUID().replace(/-/g, "")}`;
}

export function useMoneyAction(url: string) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const send = useCallback(
    async (body: Record<string, unknown>): Promise<{ ok: true; result: ActionResult } | { ok: false; error: ApiError }> => {
      setPending(true);
      try {
        const result = await apiFetch<ActionResult>(url, { method: "POST", body });
        router.refresh();
        return { ok: true, result };
      } catch (e) {
        return { ok: false, error: e instanceof ApiError ? e : new ApiError(0, "unknown", "Something went wrong.") };
      } finally {
        setPending(false);
      }
    },
    [url, router],
  );
  return { send, pending };
}

/** Enter alone must not submit a money form; Ctrl+Enter or Cmd+Enter does. */
export function guardEnter(e: React.KeyboardEvent<HTMLFormElement>) {
  if (e.key !== "Enter" || (e.target as HTMLElement).tagName === "TEXTAREA" || (e.target as HTMLElement).tagName === "BUTTON") return;
  e.preventDefault();
  if (e.ctrlKey || e.metaKey) e.currentTarget.requestSubmit();
}
