"use client";
// The Account page's password section: a "Change password" button that opens the form in place. The form
// (react-hook-form, validation) is fetched when first wanted, warmed up when the pointer or focus reaches the button,
// so it stays out of the page's first load. The user menu's "Change password" link (/account#password) opens it at once.
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";

const load = () => import("./change-password-form");
const ChangePasswordForm = lazy(() => load().then((m) => ({ default: m.ChangePasswordForm })));

/** The hash that asks for the form to be open on arrival. */
export const PASSWORD_FORM_HASH = "#password";

const onHashChange = (notify: () => void) => {
  window.addEventListener("hashchange", notify);
  return () => window.removeEventListener("hashchange", notify);
};
const hashAsksForForm = () => window.location.hash === PASSWORD_FORM_HASH;

export function ChangePasswordSection() {
  const t = useTranslations("auth");
  const [clicked, setOpen] = useState(false);
  // The server renders the button; the browser opens the form when the address asks for it.
  const asked = useSyncExternalStore(onHashChange, hashAsksForForm, () => false);
  const open = clicked || asked;

  if (!open)
    return (
      <Button
        className="mt-4"
        variant="secondary"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
      >
        {t("changePassword.submit")}
      </Button>
    );
  return (
    <Suspense fallback={null}>
      <ChangePasswordForm focusFirst />
    </Suspense>
  );
}
