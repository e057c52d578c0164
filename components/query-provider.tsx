"use client";
// The TanStack Query client of one browser tab (created once, kept across navigations) for the pages under it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Pages load their data on the server; the client only polls and mutates. A money action is never sent twice
      // by the library: a retry is the user's, with the same idempotency key.
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(newQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
