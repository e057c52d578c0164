"use client";
// A timestamp in the reader's own time zone. The server renders UTC (stable for hydration); the browser then
// shows local time. The machine-readable value stays in `dateTime`.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function LocalTime({ iso, withSeconds = false }: { iso: string; withSeconds?: boolean }) {
  const local = useSyncExternalStore(
    subscribe,
    () => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: withSeconds ? "medium" : "short" }).format(new Date(iso)),
    () => `${iso.slice(0, 16).replace("T", " ")} UTC`,
  );
  return (
    <time dateTime={iso} suppressHydrationWarning>
      <bdi dir="ltr">{local}</bdi>
    </time>
  );
}
