// Money forms: Enter alone must not submit (a stray Enter would move money); Ctrl+Enter or Cmd+Enter does.
import type { KeyboardEvent } from "react";

export function guardEnter(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key !== "Enter" || (e.target as HTMLElement).tagName === "TEXTAREA" || (e.target as HTMLElement).tagName === "BUTTON") return;
  e.preventDefault();
  if (e.ctrlKey || e.metaKey) e.currentTarget.requestSubmit();
}
