// Money forms: Enter alone must not submit (a stray Enter would move money); Ctrl+Enter or Cmd+Enter does, from
// any field, the note box included (where Enter alone still starts a new line).
import type { KeyboardEvent } from "react";

export function guardEnter(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key !== "Enter") return;
  if (e.ctrlKey || e.metaKey) {
    e.preventDefault();
    e.currentTarget.requestSubmit();
    return;
  }
  const tag = (e.target as HTMLElement).tagName;
  // A new line in the note; a focused button keeps its own Enter (Cancel cancels).
  if (tag === "TEXTAREA" || tag === "BUTTON") return;
  e.preventDefault();
}
