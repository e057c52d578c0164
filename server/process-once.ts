// A process-wide value made once and shared (the database, the gateway client), kept on globalThis so that dev-mode
// module reloads share it too. A failure is never kept: the next caller tries again. A cached rejected promise made
// an instance that booted while its database was unreachable answer 500 to every signed-in request for good, and
// never start its workers, while its health check said 200.
const holder = globalThis as { [key: symbol]: Promise<unknown> | undefined };

export function processOnce<T>(key: symbol, make: () => Promise<T>): Promise<T> {
  const kept = holder[key] as Promise<T> | undefined;
  if (kept) return kept;
  const made = make().catch((error: unknown) => {
    if (holder[key] === made) delete holder[key];
    throw error;
  });
  holder[key] = made;
  return made;
}

/** Forgets the value kept under `key` and hands it back, if one was made (a graceful stop closes it). */
export function takeProcessOnce<T>(key: symbol): Promise<T> | undefined {
  const kept = holder[key] as Promise<T> | undefined;
  delete holder[key];
  return kept;
}
