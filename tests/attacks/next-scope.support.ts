// Next runs every route handler inside its request scope (the AsyncLocalStorage stores that `cookies()` and
// `headers()` from next/headers read). The attack suites call handlers in-process, so they open the same scope
// around each call, built with Next's own request-store factory: next-auth's handler reads the request through it.
// Must be imported before any Next module: Next creates its stores at load, from the global AsyncLocalStorage
// that its server sets up.
import { AsyncLocalStorage } from "node:async_hooks";

const g = globalThis as { AsyncLocalStorage?: unknown };
g.AsyncLocalStorage ??= AsyncLocalStorage;

type Store = { run<T>(store: unknown, fn: () => T): T };

const pendingAfterTasks = new Set<Promise<void>>();

/** Waits for every after() task started so far (a task that starts another is waited for too). */
export async function afterTasksSettled(): Promise<void> {
  while (pendingAfterTasks.size > 0) await Promise.all([...pendingAfterTasks]);
}

type NextStores = [
  { workAsyncStorage: Store },
  { workUnitAsyncStorage: Store },
  { createRequestStoreForAPI: (...args: unknown[]) => unknown },
];

// Loaded on the first call (not at import: Next's modules must load after the global above is set), then kept: the
// fuzz calls a handler thousands of times, and each dynamic import goes through the test runner's module loader.
let nextStores: Promise<NextStores> | null = null;

export async function inRequestScope<T>(req: Request & { nextUrl: URL }, route: string, fn: () => Promise<T>): Promise<T> {
  nextStores ??= Promise.all([
    import("next/dist/server/app-render/work-async-storage.external.js"),
    import("next/dist/server/app-render/work-unit-async-storage.external.js"),
    import("next/dist/server/async-storage/request-store.js"),
  ]) as unknown as Promise<NextStores>;
  const [{ workAsyncStorage }, { workUnitAsyncStorage }, { createRequestStoreForAPI }] = await nextStores;
  const requestStore = createRequestStoreForAPI(
    req,
    req.nextUrl,
    { tags: [], expirationsByCacheKind: new Map() },
    undefined,
    undefined,
    undefined,
  );
  // after(task): Next's server runs the task once the response is sent; here it runs on the next turn, detached,
  // and is remembered until it settles so that a suite can wait for it before closing its database.
  const afterContext = {
    after: (task: Promise<unknown> | (() => unknown)) => {
      const run = new Promise<void>((done) =>
        setImmediate(
          () =>
            void Promise.resolve(typeof task === "function" ? task() : task)
              .catch(() => {})
              .finally(done),
        ),
      );
      pendingAfterTasks.add(run);
      void run.finally(() => pendingAfterTasks.delete(run));
    },
  };
  const workStore = { route, forceStatic: false, dynamicShouldError: false, isStaticGeneration: false, afterContext };
  return workAsyncStorage.run(workStore, () => workUnitAsyncStorage.run(requestStore, fn));
}
