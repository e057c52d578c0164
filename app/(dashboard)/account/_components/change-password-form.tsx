"use client";
// Change one's own password (the Account page, and the sign-in step after a password set by someone else). The
// session continues (on a new id: the answer sets its cookie); the other sessions are signed out.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { ChangePasswordInput } from "@/lib/schemas/auth";
import { PASSWORD_HISTORY_DEPTH, PASSWORD_MIN_LENGTH } from "@/lib/schemas/auth-values";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

/**
 * `focusFirst`: opened on request (the Account page's button), so the first field takes the focus. `continueTo`:
 * where to go once changed (the sign-in step goes on to the dashboard); without it the form says it is done.
 */
export function ChangePasswordForm({ focusFirst = false, continueTo }: { focusFirst?: boolean; continueTo?: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/auth").then((m) => m.changePasswordSchema)),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  useEffect(() => {
    if (focusFirst) setFocus("currentPassword");
  }, [focusFirst, setFocus]);

  const { submit, error } = useApiMutation({
    mutationFn: (values: ChangePasswordInput) => apiFetch("/api/account/password", { method: "POST", body: values }),
    form: { setError: setFieldError, fields: ["currentPassword"] },
    message: (e, onField) => (onField ? null : e.message),
    fallbackMessage: t("changePassword.failed"),
    onSuccess: () => {
      if (continueTo) return router.replace(continueTo);
      reset();
      setDone(true);
    },
  });
  const onSubmit = handleSubmit(submit);

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {done && !error && <Alert tone="success">{t("changePassword.done")}</Alert>}
      <InputField
        label={t("changePassword.current")}
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <InputField
        label={t("changePassword.new")}
        type="password"
        autoComplete="new-password"
        required
        hint={t("changePassword.newHint", { rule: t("passwordRule", { min: PASSWORD_MIN_LENGTH, depth: PASSWORD_HISTORY_DEPTH }) })}
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <InputField
        label={t("changePassword.repeat")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <Button type="submit" loading={isSubmitting}>
        {t("changePassword.submit")}
      </Button>
    </form>
  );
}
