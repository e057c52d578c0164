"use client";
// Change one's own password (the Account page, and the sign-in step after a password set by someone else); then
// sign in again with it.
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { ChangePasswordInput } from "@/lib/schemas/auth";
import { PASSWORD_RULE_TEXT } from "@/lib/schemas/auth-values";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

export function ChangePasswordForm() {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/auth").then((m) => m.changePasswordSchema)),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  const { submit, error } = useApiMutation({
    mutationFn: (values: ChangePasswordInput) => apiFetch("/api/account/password", { method: "POST", body: values }),
    form: { setError: setFieldError, fields: ["currentPassword"] },
    message: (e, onField) => (onField ? null : e.message),
    fallbackMessage: "The password could not be changed.",
    onSuccess: () => router.replace("/login?password_changed=1"),
  });
  const onSubmit = handleSubmit(submit);

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <InputField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <InputField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint={`${PASSWORD_RULE_TEXT} A passphrase of several words and a number works well.`}
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <InputField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <Button type="submit" loading={isSubmitting}>
        Change password
      </Button>
    </form>
  );
}
