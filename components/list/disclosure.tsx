"use client";
// A <details> whose open state belongs to the user once the page is shown: the server chooses how it starts
// (e.g. open when it holds an error or a set filter), and a later server render (a filter applied while typing)
// never folds it under the user's cursor, which a plain `open={…}` prop would do when its value flips.
import { useState, type ComponentPropsWithoutRef } from "react";

export function Disclosure({
  initialOpen = false,
  ...props
}: Omit<ComponentPropsWithoutRef<"details">, "open" | "onToggle"> & { initialOpen?: boolean }) {
  const [open, setOpen] = useState(initialOpen);
  return <details {...props} open={open} onToggle={(e) => setOpen(e.currentTarget.open)} />;
}
