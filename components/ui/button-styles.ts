// Button look as plain class strings, so links that act as buttons (`<Link className={buttonClasses()}>`) match.
import { cx } from "./cx";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

const BASE =
  "inline-flex select-none items-center justify-center gap-1.5 whitespace-nowrap rounded-md font-medium " +
  "transition-colors disabled:cursor-not-allowed disabled:opacity-50 " +
  // aria-disabled (disabled with a reason) stays focusable; the wrapper shows the not-allowed cursor.
  "aria-disabled:pointer-events-none aria-disabled:opacity-50";

export const BUTTON_VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white shadow-xs enabled:hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-900 shadow-xs enabled:hover:bg-slate-50",
  danger: "bg-red-700 text-white shadow-xs enabled:hover:bg-red-800",
  ghost: "text-slate-700 enabled:hover:bg-slate-100 enabled:hover:text-slate-900",
};

export const BUTTON_SIZES: Record<ButtonSize, string> = {
  sm: "h-8 px-2.5 text-sm",
  md: "h-9 px-3.5 text-sm",
  lg: "h-10 px-4 text-base",
};

export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cx(BASE, BUTTON_VARIANTS[variant], BUTTON_SIZES[size], className);
}
