"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import type { SignInInput } from "@/lib/schemas/auth";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { safeRedirectPath } from "@/lib/safe-redirect";

export function LoginForm({ next, notice }: { next: string; notice: string | null }) {
  const t = useTranslations("auth");
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/auth").then((m) => m.signInSchema)),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const result = await signIn("credentials", { ...values, redirect: false });
    if (!result || result.error) {
      // The server's message is already generic ("Incorrect e-mail or password.") or the throttle notice.
      setError(result?.error && result.error !== "CredentialsSignin" ? result.error : t("signIn.incorrect"));
      resetField("password");
      return;
    }
    window.location.assign(safeRedirectPath(next, window.location.origin));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-describedby={error ? "login-error" : undefined}>
      {notice && !error && <Alert tone="info">{notice}</Alert>}
      {error && (
        <div id="login-error">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <InputField
        label={t("signIn.email")}
        type="email"
        autoComplete="username"
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <InputField
        label={t("signIn.password")}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t("signIn.submit")}
      </Button>
    </form>
  );
}
