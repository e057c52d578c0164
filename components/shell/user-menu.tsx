// The account button in the header: the user's initials, name and e-mail, and a panel with the user's details,
// "Change password", the language switch and "Sign out" (a plain POST form: no JS needed). Rendered on the server;
// the open/close behaviour is AccountDisclosure's (account-disclosure.tsx), the page's only script for it.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { Badge } from "@/components/ui/badge";
import { AccountDisclosure } from "./account-disclosure";
import { initials } from "./nav-active";

export interface ShellUser {
  name: string;
  email: string;
  userType: "USER" | "SUPER_ADMIN";
}

export function UserMenu({ user }: { user: ShellUser }) {
  const t = useTranslations("shell");
  const superAdmin = user.userType === "SUPER_ADMIN";
  const face = (
    <>
      {/* Named "Account: <name> <e-mail>"; no "menu" in it, so the sidebar's "Menu" button stays unambiguous. */}
      <span className="sr-only">{t("userMenu.accountPrefix")}</span>
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
      >
        {initials(user.name, user.email)}
      </span>
      <span className="hidden min-w-0 flex-col leading-tight sm:flex">
        <span className="truncate text-sm font-medium text-slate-900">
          <bdi>{user.name}</bdi>
        </span>
        <span className="truncate text-xs text-slate-600">
          <bdi dir="ltr">{user.email}</bdi>
        </span>
      </span>
      {/* The visible name is hidden on phones; this keeps the button named there. */}
      <span className="sr-only sm:hidden">
        <bdi>{user.name}</bdi>
      </span>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-slate-500">
        <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
      </svg>
    </>
  );
  return (
    <AccountDisclosure face={face}>
      <div className="border-b border-slate-100 px-3 py-2.5">
        <p className="truncate font-medium text-slate-900">
          <bdi>{user.name}</bdi>
        </p>
        <p className="truncate text-slate-600">
          <bdi dir="ltr">{user.email}</bdi>
        </p>
        {superAdmin && (
          <Badge tone="info" className="mt-1.5">
            {t("userMenu.superAdmin")}
          </Badge>
        )}
      </div>
      <ul className="py-1">
        <li>
          <Link href="/account?change=password" className="block px-3 py-1.5 text-slate-700 hover:bg-slate-50 hover:text-slate-900">
            {t("userMenu.changePassword")}
          </Link>
        </li>
        <li className="px-3 py-1.5">
          <LanguageSwitch />
        </li>
        <li>
          <form method="post" action="/api/session/sign-out">
            <button type="submit" className="block w-full px-3 py-1.5 text-start text-slate-700 hover:bg-slate-50 hover:text-slate-900">
              {t("userMenu.signOut")}
            </button>
          </form>
        </li>
      </ul>
    </AccountDisclosure>
  );
}
