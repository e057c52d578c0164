// The frame of the sign-in steps after the password (second factor, enrolment, password change): one card, the
// step's title, and a way out ("Sign out") for someone who cannot finish the step.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

export function StepShell({
  title,
  description,
  children,
  wide = false,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const t = useTranslations("auth");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className={`w-full ${wide ? "max-w-lg" : "max-w-sm"} rounded-lg border border-slate-200 bg-white p-6 shadow-sm`}>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
        {children}
        <form method="post" action="/api/session/sign-out" className="mt-6 border-t border-slate-100 pt-4 text-center">
          <button type="submit" className="text-sm text-slate-600 underline underline-offset-2 hover:text-slate-900">
            {t("step.signOut")}
          </button>
        </form>
      </div>
    </main>
  );
}
