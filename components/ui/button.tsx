// Button: variants, sizes, a loading state that keeps its width, and "disabled with a reason" for actions the
// user may not take. Works in server and client components (no "use client": useId is allowed on the server).
import { useId, type ComponentPropsWithRef } from "react";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button-styles";
import { cx, idList } from "./cx";
import { Spinner } from "./spinner";

export type { ButtonSize, ButtonVariant } from "./button-styles";

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** In flight: disabled (no double submit), spinner over the unchanged label so the width does not move. */
  loading?: boolean;
  /**
   * Why the action is unavailable ("You need the REFUNDS_CREATE permission"). The button stays focusable with
   * aria-disabled, does nothing, and shows the reason on hover/focus, linked with aria-describedby.
   */
  disabledReason?: string;
}

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  disabledReason,
  disabled,
  className,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  const reasonId = useId();
  const classes = buttonClasses({ variant, size, className: cx("relative", className) });

  if (disabledReason) {
    // Drop everything that could act: no click handler, no submit, no form action.
    const { onClick: _onClick, formAction: _formAction, "aria-describedby": describedBy, ...inert } = rest;
    return (
      <span className="group relative inline-flex cursor-not-allowed">
        <button {...inert} type="button" aria-disabled="true" aria-describedby={idList(describedBy, reasonId)} className={classes}>
          {children}
        </button>
        <span
          role="tooltip"
          id={reasonId}
          // display:none until hover/focus so the hidden text never widens the page; still read via
          // aria-describedby. End-aligned: disabled actions mostly sit at the end of headers and footers.
          className="absolute end-0 top-full z-30 hidden pt-1 group-focus-within:block group-hover:block"
        >
          <span className="block w-max max-w-64 rounded-md bg-slate-900 px-2 py-1 text-start text-xs font-normal whitespace-normal text-white shadow-md">
            {disabledReason}
          </span>
        </span>
      </span>
    );
  }

  return (
    <button {...rest} type={type} disabled={disabled || loading} aria-busy={loading || undefined} className={classes}>
      {loading && (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner />
        </span>
      )}
      {/* opacity, not visibility: the label stays in the accessibility tree while loading. */}
      <span className={cx("inline-flex items-center gap-1.5", loading && "opacity-0")}>{children}</span>
    </button>
  );
}
