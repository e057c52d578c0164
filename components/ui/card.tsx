// A white panel with an optional titled header, actions and footer. With a title it is a labelled <section>.
import { useId, type ReactNode } from "react";
import { cx } from "./cx";

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the end of the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  /** Heading level of the title (2 under the page's h1, 3 when nested in a titled section). */
  headingLevel?: 2 | 3;
  /** false for edge-to-edge content such as tables. */
  padded?: boolean;
  className?: string;
  children?: ReactNode;
}

export function Card({ title, description, actions, footer, headingLevel = 2, padded = true, className, children }: CardProps) {
  const titleId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const hasHeader = Boolean(title || description || actions);
  const Root = title ? "section" : "div";
  return (
    <Root
      aria-labelledby={title ? titleId : undefined}
      className={cx("overflow-hidden rounded-md border border-slate-200 bg-white shadow-xs", className)}
    >
      {hasHeader && (
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-3.5">
          <div className="min-w-0">
            {title && (
              <Heading id={titleId} className="text-base font-semibold text-slate-900">
                {title}
              </Heading>
            )}
            {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </div>
      )}
      <div className={padded ? "px-5 py-4" : undefined}>{children}</div>
      {footer && (
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3">{footer}</div>
      )}
    </Root>
  );
}
