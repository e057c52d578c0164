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

/**
 * Whether a field was changed before React took the form over: a select chosen or a field typed in while the page
 * was still loading fires no React onChange, and the change would be lost (the list never follows it).
 */
function changedBeforeHydration(form: HTMLFormElement): boolean {
  return [...form.elements].some((el) => {
    if (el instanceof HTMLInputElement) {
      if (el.type === "hidden") return false;
      return el.type === "checkbox" || el.type === "radio" ? el.checked !== el.defaultChecked : el.value !== el.defaultValue;
    }
    if (el instanceof HTMLSelectElement) {
      // No option marked selected in the HTML means the browser's default, the first one.
      const initial = [...el.options].find((o) => o.defaultSelected) ?? el.options[0];
      return !el.multiple && initial !== undefined && el.value !== initial.value;
    }
    if (el instanceof HTMLTextAreaElement) return el.value !== el.defaultValue;
    return false;
  });
}

export function AutoApplyForm({ action, delay = 300, children, ...props }: AutoApplyFormProps) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    const url = urlOf(form, action);
    if (url !== `${location.pathname}${location.search}`) router.replace(url, { scroll: false });
  };

  // Once hydrated: what was changed before is applied as if it had just been changed.
  useEffect(() => {
    const form = formRef.current;
    if (!form || !changedBeforeHydration(form)) return;
    syncRequired(form);
    if (form.checkValidity()) apply(form);
    // Once, when React takes the form over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form
      {...props}
      ref={formRef}
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
