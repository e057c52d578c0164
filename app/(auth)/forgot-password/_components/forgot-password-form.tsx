"use client";

// The forgot-password form: one e-mail field; the answer is the same whether or not an account exists.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";
import type { PasswordResetRequestInput } from "@/lib/schemas/password-reset";

export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const [answer, setAnswer] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequestInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/password-reset").then((m) => m.passwordResetRequestSchema)),
    defaultValues: { email: "" },
  });
  const { submit, error } = useApiMutation({
    mutationFn: (values: PasswordResetRequestInput) =>
      apiFetch<{ message: string }>("/api/session/password-reset", { method: "POST", body: values }),
    fallbackMessage: t("forgot.failed"),
    onSuccess: (r) => setAnswer(r.message),
  });
  const onSubmit = handleSubmit(submit);
  if (answer) {
    return (
      <div className="mt-6 space-y-4">
        <Alert tone="success">{answer}</Alert>
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          {t("forgot.back")}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <InputField
        label={t("forgot.email")}
        type="email"
        autoComplete="username"
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t("forgot.submit")}
      </Button>
      <p className="text-center text-sm">
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          {t("forgot.back")}
        </Link>
      </p>
    </form>
  );
}
