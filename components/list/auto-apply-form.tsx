"use client";
// A list's GET filter form that applies itself: a change (typing, a select, a date) waits `delay` ms for the
// next one, then replaces the URL with the form's values (router.replace: no history entry per keystroke), and
// the server renders the list from the URL as before. Enter and the submit button apply at once. Without
// JavaScript it stays a plain GET form. A value the browser already knows to be invalid (a half-typed e-mail, a
// pattern) is not applied while typing: the user finishes it, or presses Enter to see the server's message.
// A field with data-requires="<name>" is enabled only while the field <name> has a value (e.g. an amount needs a
// currency), at once, before the server answers.
import { useRouter } from "next/navigation";
import { useEffect, useRef, type ComponentPropsWithoutRef } from "react";

export interface AutoApplyFormProps extends Omit<ComponentPropsWithoutRef<"form">, "action" | "method" | "onChange" | "onSubmit"> {
  /** The list's path, e.g. "/transactions". */
  action: string;
  delay?: number;
}

function urlOf(form: HTMLFormElement, action: string): string {
  const params = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (typeof v === "string" && v !== "") params.append(k, v);
  const qs = params.toString();
  return qs ? `${action}?${qs}` : action;
}

function syncRequired(form: HTMLFormElement) {
  for (const el of form.querySelectorAll<HTMLInputElement>("[data-requires]")) {
    const source = form.elements.namedItem(el.dataset.requires ?? "");
    el.disabled = !(source && "value" in source && source.value);
  }
}

export function AutoApplyForm({ action, delay = 300, children, ...props }: AutoApplyFormProps) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    const url = urlOf(form, action);
    if (url !== `${location.pathname}${location.search}`) router.replace(url, { scroll: false });
  };

  return (
    <form
      {...props}
      method="get"
      action={action}
      onChange={(e) => {
        const form = e.currentTarget;
        syncRequired(form);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (form.checkValidity()) apply(form);
        }, delay);
      }}
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
