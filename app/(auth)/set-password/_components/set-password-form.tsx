"use client";
// The set-password form of an invitation or reset link: a new password, twice; then sign in with it.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { SetPasswordInput } from "@/lib/schemas/admin-users";
import { PASSWORD_HISTORY_DEPTH, PASSWORD_MIN_LENGTH } from "@/lib/schemas/auth-values";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

export function SetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth");
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/admin-users").then((m) => m.setPasswordSchema)),
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const { submit, error } = useApiMutation({
    mutationFn: (values: SetPasswordInput) => apiFetch<{ email: string }>("/api/session/set-password", { method: "POST", body: values }),
    fallbackMessage: t("setPassword.failed"),
    onSuccess: (r) => setDone(r.email),
  });
  const onSubmit = handleSubmit(submit);
  if (done) {
    return (
      <div className="mt-4 space-y-4">
        <Alert tone="success">{t.rich("setPassword.done", { email: () => <bdi dir="ltr">{done}</bdi> })}</Alert>
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          {t("setPassword.goToSignIn")}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <InputField
        label={t("setPassword.newPassword")}
        type="password"
        autoComplete="new-password"
        required
        hint={t("passwordRule", { min: PASSWORD_MIN_LENGTH, depth: PASSWORD_HISTORY_DEPTH })}
        error={errors.password?.message}
        {...register("password")}
      />
      <InputField
        label={t("setPassword.repeat")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t("setPassword.submit")}
      </Button>
    </form>
  );
}
