"use client";
// The Account page's password section: a "Change password" button that opens the form in place. The form
// (react-hook-form, validation) is fetched when first wanted, warmed up when the pointer or focus reaches the button,
// so it stays out of the page's first load. The user menu's "Change password" link (/account?change=password) opens it
// at once, also when the Account page is already open.
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

const load = () => import("./change-password-form");
const ChangePasswordForm = lazy(() => load().then((m) => ({ default: m.ChangePasswordForm })));

export function ChangePasswordSection() {
  const t = useTranslations("auth");
  const [clicked, setOpen] = useState(false);
  const asked = useSearchParams().get("change") === "password";
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
