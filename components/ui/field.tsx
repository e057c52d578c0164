// Form fields: a label, the control, an optional hint, an error wired with aria-invalid/aria-describedby and a
// required marker. Every control is a plain element receiving all props (ref included, React 19), so
// react-hook-form's `{...register("name")}` spreads straight in. Server- and client-safe. An error given as text is
// put in the reader's language when it is a validation key (a zod schema's message, lib/schemas/messages.ts); any
// other text (the API's field errors, already translated) is shown as it is.
import { useTranslations } from "next-intl";
import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { translateKeyed } from "@/lib/i18n/keyed-message";
import { cx } from "./cx";
import { fieldAria, fieldIds } from "./field-ids";

export { fieldAria, fieldIds } from "./field-ids";

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-900 shadow-xs " +
  "placeholder:text-slate-500 focus-visible:border-brand-500 " +
  "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 " +
  "aria-invalid:border-red-600";

export function Label({ required, className, children, ...props }: ComponentPropsWithRef<"label"> & { required?: boolean }) {
  return (
    <label {...props} className={cx("block text-sm font-medium text-slate-800", className)}>
      {children}
      {/* The control's own `required` is what assistive technology announces; the star is visual only. */}
      {required && (
        <span aria-hidden="true" className="ms-0.5 text-red-700">
          *
        </span>
      )}
    </label>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  const t = useTranslations("validation");
  const text = typeof children === "string" ? translateKeyed(t, children) : children;
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm text-red-700">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4h1.5v5h-1.5V6Zm0 6.5h1.5V14h-1.5v-1.5Z" />
      </svg>
      <span>{text}</span>
    </p>
  );
}

/** Bare controls (no label): for custom layouts, or inside `Field`. */
export function Input({ className, dir = "auto", ...props }: ComponentPropsWithRef<"input">) {
  return <input dir={dir} {...props} className={cx(CONTROL, "h-9 px-3", className)} />;
}

export function Textarea({ className, dir = "auto", rows = 3, ...props }: ComponentPropsWithRef<"textarea">) {
  return <textarea dir={dir} rows={rows} {...props} className={cx(CONTROL, "px-3 py-2", className)} />;
}

export function Select({ className, children, ...props }: ComponentPropsWithRef<"select">) {
  return (
    <span className="relative block">
      <select {...props} className={cx(CONTROL, "h-9 appearance-none ps-3 pe-8", className)}>
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-500"
      >
        <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
      </svg>
    </span>
  );
}

export interface FieldChromeProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The message to show; its presence marks the control invalid. */
  error?: string;
  /** Shows the marker and sets the control's native `required` (use `noValidate` on zod-validated forms). */
  required?: boolean;
  /** Class of the wrapping div (layout); the control's own class goes in `className`. */
  wrapperClassName?: string;
}

/**
 * Layout for any control: label + control + hint + error. Wire a custom control with
 * `{...fieldAria(id, { hint: !!hint, error: !!error })}` and give it the same `id`.
 */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  wrapperClassName,
  children,
}: FieldChromeProps & { id: string; children: ReactNode }) {
  const ids = fieldIds(id);
  return (
    <div className={wrapperClassName}>
      <Label htmlFor={id} required={required} className="mb-1">
        {label}
      </Label>
      {children}
      {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
      {error && <FieldError id={ids.errorId}>{error}</FieldError>}
    </div>
  );
}

function useFieldId(id: string | undefined): string {
  const generated = useId();
  return id ?? generated;
}

type ControlProps<E extends "input" | "select" | "textarea"> = FieldChromeProps & Omit<ComponentPropsWithRef<E>, "required">;

export function InputField({ label, hint, error, required, wrapperClassName, id, ...props }: ControlProps<"input">) {
  const fieldId = useFieldId(id);
  return (
    <Field id={fieldId} {...{ label, hint, error, required, wrapperClassName }}>
      <Input
        {...props}
        id={fieldId}
        required={required}
        {...fieldAria(fieldId, { hint: !!hint, error: !!error, describedBy: props["aria-describedby"] })}
      />
    </Field>
  );
}

export function TextareaField({ label, hint, error, required, wrapperClassName, id, ...props }: ControlProps<"textarea">) {
  const fieldId = useFieldId(id);
  return (
    <Field id={fieldId} {...{ label, hint, error, required, wrapperClassName }}>
      <Textarea
        {...props}
        id={fieldId}
        required={required}
        {...fieldAria(fieldId, { hint: !!hint, error: !!error, describedBy: props["aria-describedby"] })}
      />
    </Field>
  );
}

export function SelectField({ label, hint, error, required, wrapperClassName, id, ...props }: ControlProps<"select">) {
  const fieldId = useFieldId(id);
  return (
    <Field id={fieldId} {...{ label, hint, error, required, wrapperClassName }}>
      <Select
        {...props}
        id={fieldId}
        required={required}
        {...fieldAria(fieldId, { hint: !!hint, error: !!error, describedBy: props["aria-describedby"] })}
      />
    </Field>
  );
}

/** A checkbox with its label beside it (the label is the click target). */
export function CheckboxField({
  label,
  hint,
  error,
  required,
  wrapperClassName,
  id,
  className,
  ...props
}: Omit<ControlProps<"input">, "type">) {
  const fieldId = useFieldId(id);
  const ids = fieldIds(fieldId);
  return (
    <div className={cx("flex items-start gap-2", wrapperClassName)}>
      <input
        {...props}
        type="checkbox"
        id={fieldId}
        required={required}
        {...fieldAria(fieldId, { hint: !!hint, error: !!error, describedBy: props["aria-describedby"] })}
        className={cx("mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600", className)}
      />
      <div className="min-w-0">
        <Label htmlFor={fieldId} required={required} className="font-normal">
          {label}
        </Label>
        {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
        {error && <FieldError id={ids.errorId}>{error}</FieldError>}
      </div>
    </div>
  );
}
