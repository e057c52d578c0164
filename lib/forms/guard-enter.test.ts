// Rule guarded: in a money dialog Enter alone never submits (a stray Enter would move money), and Ctrl/Cmd+Enter
// submits from any field, the note textarea included; Enter alone in the note still makes a new line.
import type { KeyboardEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { guardEnter } from "./guard-enter";

function press(tagName: string, keys: { ctrlKey?: boolean; metaKey?: boolean; key?: string } = {}) {
  const requestSubmit = vi.fn();
  const preventDefault = vi.fn();
  guardEnter({
    key: keys.key ?? "Enter",
    ctrlKey: keys.ctrlKey ?? false,
    metaKey: keys.metaKey ?? false,
    target: { tagName },
    currentTarget: { requestSubmit },
    preventDefault,
  } as unknown as KeyboardEvent<HTMLFormElement>);
  return { submitted: requestSubmit.mock.calls.length > 0, prevented: preventDefault.mock.calls.length > 0 };
}

describe("guardEnter (money dialogs)", () => {
  it("Enter alone in an input neither submits nor lets the browser submit", () => {
    expect(press("INPUT")).toEqual({ submitted: false, prevented: true });
  });
  it("Enter alone in the note makes a new line", () => {
    expect(press("TEXTAREA")).toEqual({ submitted: false, prevented: false });
  });
  it("Ctrl+Enter and Cmd+Enter submit from an input, a select and the note", () => {
    for (const tag of ["INPUT", "SELECT", "TEXTAREA"]) {
      expect(press(tag, { ctrlKey: true }).submitted).toBe(true);
      expect(press(tag, { metaKey: true }).submitted).toBe(true);
    }
  });
  it("other keys are left alone", () => {
    expect(press("INPUT", { key: "a" })).toEqual({ submitted: false, prevented: false });
  });
});
