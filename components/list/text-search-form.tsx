// A list's one-box search (customers, users, search from anywhere): a plain GET form (works without JavaScript, the
// URL holds the search), the box and its button, and a Clear link while a search is shown.
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-styles";
import { InputField } from "@/components/ui/field";

export interface TextSearchFormProps {
  action: string;
  /** The box's label. */
  label: string;
  /** The search shown (the URL's `q`). */
  value: string;
  submitLabel: string;
  /** The form's own name for screen readers, when the box's label does not say enough. */
  formLabel?: string;
  hint?: ReactNode;
  placeholder?: string;
  /** "Clear", shown while a search is in the box. */
  clearLabel?: string;
}

export function TextSearchForm({ action, label, value, submitLabel, formLabel, hint, placeholder, clearLabel }: TextSearchFormProps) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label={formLabel}
      className="flex flex-wrap items-end gap-3 rounded-md border border-slate-200 bg-white p-4 shadow-xs"
    >
      <InputField
        label={label}
        hint={hint}
        name="q"
        type="search"
        dir="auto"
        defaultValue={value}
        autoComplete="off"
        placeholder={placeholder}
        wrapperClassName="min-w-0 flex-1 basis-56"
        maxLength={100}
      />
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
      {value && clearLabel && (
        <Link href={action} className={buttonClasses({ variant: "ghost" })}>
          {clearLabel}
        </Link>
      )}
    </form>
  );
}
