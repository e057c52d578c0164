"use client";
// The "New user" dialog, loaded on demand by NewUserButton (its form code stays out of the Users page's first
// load): creates the user at the gateway and a dashboard login; the set-password link is mailed to the new user
// (the admin never sees it). Only a super-admin is offered the super-admin type and extra permissions, and only the
// roles whose permissions the admin holds are listed (the service refuses the rest anyway), each with a line saying
// what it allows.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField, InputField, SelectField } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { apiFetch } from "@/lib/api-client";
import { translateKeyed } from "@/lib/i18n/keyed-message";
import type { CreateUserInput } from "@/lib/schemas/admin-users";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

interface Created {
  email: string;
  invitationSentTo: string;
  expiresAt: string;
  linkedExistingGatewayUser: boolean;
}

export interface NewUserDialogProps {
  /** The roles the admin may give, each with what it allows in one line (written by the page, on the server). */
  roles: Array<{ name: string; summary: string }>;
  canGrantSuperAdmin: boolean;
  /** The names a super-admin may grant as extra permissions: data from the page, not code in this bundle. */
  permissions: readonly string[];
  onClose: () => void;
}

export function NewUserDialog({ roles, canGrantSuperAdmin, permissions, onClose }: NewUserDialogProps) {
  const t = useTranslations("users.newUserDialog");
  const tv = useTranslations("validation");
  const [created, setCreated] = useState<Created | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<CreateUserInput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/admin-users").then((m) => m.createUserSchema)),
    defaultValues: { email: "", name: "", phoneNumber: "+966", userType: "USER", roleNames: [], extraPermissions: [] },
  });
  const create = useApiMutation({
    mutationFn: (values: CreateUserInput) => apiFetch<Created>("/api/admin/users", { method: "POST", body: values }),
    form: { setError: setFieldError, fields: ["email", "name", "phoneNumber", "userType", "roleNames", "extraPermissions"] },
    fallbackMessage: t("failed"),
    refresh: true,
    onSuccess: setCreated,
  });
  const error = create.error;
  const close = () => {
    setCreated(null);
    create.reset();
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(create.submit);
  return (
    <Dialog
      open
      onClose={close}
      busy={isSubmitting}
      size="lg"
      title={created ? t("titleCreated") : t("title")}
      footer={
        created ? (
          <Button onClick={close}>{t("done")}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={isSubmitting}>
              {t("cancel")}
            </Button>
            <Button type="submit" form="new-user-form" loading={isSubmitting}>
              {t("create")}
            </Button>
          </>
        )
      }
    >
      {created ? (
        <div className="space-y-3 text-sm">
          <Alert tone="success">
            {t.rich(created.linkedExistingGatewayUser ? "createdLinked" : "createdNew", {
              email: () => <bdi dir="ltr">{created.email}</bdi>,
            })}
          </Alert>
          <p data-testid="invitation-sent">
            {t.rich("invitationSent", {
              email: () => <bdi dir="ltr">{created.invitationSentTo}</bdi>,
              time: () => <LocalTime iso={created.expiresAt} />,
            })}
          </p>
        </div>
      ) : (
        <form id="new-user-form" noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          {error && (
            <Alert tone="error" className="sm:col-span-2">
              {error}
            </Alert>
          )}
          <InputField
            label={t("email")}
            type="email"
            dir="ltr"
            autoComplete="off"
            required
            error={errors.email?.message}
            {...register("email")}
          />
          <InputField label={t("name")} dir="auto" autoComplete="off" required error={errors.name?.message} {...register("name")} />
          <InputField
            label={t("phone")}
            type="tel"
            dir="ltr"
            required
            hint={t("phoneHint")}
            error={errors.phoneNumber?.message}
            {...register("phoneNumber")}
          />
          {canGrantSuperAdmin && (
            <SelectField label={t("type")} required error={errors.userType?.message} {...register("userType")}>
              <option value="USER">{t("typeUser")}</option>
              <option value="SUPER_ADMIN">{t("typeSuperAdmin")}</option>
            </SelectField>
          )}
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium">{t("roles")}</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {roles.map((r) => (
                <CheckboxField
                  key={r.name}
                  label={<span dir="auto">{r.name}</span>}
                  hint={<span dir="auto">{r.summary}</span>}
                  value={r.name}
                  {...register("roleNames")}
                />
              ))}
            </div>
            {errors.roleNames && <p className="mt-1 text-sm text-red-700">{translateKeyed(tv, errors.roleNames.message ?? "")}</p>}
          </fieldset>
          {roles.length === 0 && <p className="text-sm text-slate-600 sm:col-span-2">{t("noGrantableRole")}</p>}
          {canGrantSuperAdmin && (
            <details className="sm:col-span-2">
              <summary className="cursor-pointer text-sm font-medium">{t("extraPermissions")}</summary>
              <div className="mt-2 grid gap-2 sm:grid-cols-3">
                {permissions.map((p) => (
                  <CheckboxField key={p} label={<code className="text-xs">{p}</code>} value={p} {...register("extraPermissions")} />
                ))}
              </div>
            </details>
          )}
        </form>
      )}
    </Dialog>
  );
}
