"use client";
// Create or edit a role: name, description, permission picker. The gateway's answers land where they belong: a
// taken name on the name field, permissions it did not assign in a warning after saving, anything else (the
// gateway unreachable, its access level refused) as a plain message at the top. Leaving with unsaved changes asks
// first (useLeaveGuard); a role must grant at least one permission (the shared schema says so, here and on the server).
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { InputField, TextareaField } from "@/components/ui/field";
import { apiFetch } from "@/lib/api-client";
import type { RoleFormOutput, RoleFormValues, RoleSaveResult } from "@/lib/schemas/admin-roles";
import { NotAssigned } from "./not-assigned";
import { PermissionPicker } from "./permission-picker";
import { useLeaveGuard } from "./use-leave-guard";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { useApiMutation } from "@/lib/use-api-mutation";

export interface RoleFormProps {
  /** Absent: create a new role. */
  roleId?: string;
  defaults: RoleFormValues;
  otherPermissions?: string[];
  /** Shown until the next save (e.g. what a create just reported, carried over to the role's page). */
  initialNotice?: { saved: string; notAssigned: string[] } | null;
  /** The permissions the editor holds and so may add ("all" for a super-admin); others are offered disabled. */
  grantable: readonly string[] | "all";
}

const FIELDS = ["name", "description", "permissions"] as const;

export function RoleForm({ roleId, defaults, otherPermissions = [], initialNotice = null, grantable }: RoleFormProps) {
  const t = useTranslations("roles.form");
  const router = useRouter();
  const [notice, setNotice] = useState(initialNotice);
  const [others, setOthers] = useState(otherPermissions);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<RoleFormValues, unknown, RoleFormOutput>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/admin-roles").then((m) => (roleId ? m.updateRoleSchema : m.createRoleSchema))),
    defaultValues: defaults,
  });

  // Once a create succeeded the page moves on by itself: nothing is left unsaved.
  const [saved, setSaved] = useState(false);
  useLeaveGuard(isDirty && !saved, t("leave"));

  const save = useApiMutation({
    mutationFn: (values: RoleFormOutput) =>
      apiFetch<RoleSaveResult>(roleId ? `/api/admin/roles/${roleId}` : "/api/admin/roles", {
        method: roleId ? "PUT" : "POST",
        body: values,
      }),
    form: { setError: setFieldError, fields: FIELDS, shouldFocus: true },
    // A taken name is said beside the name field only.
    message: (e, onField) => (onField && e.code === "conflict" ? null : e.message),
    onSuccess: (r) => {
      if (!roleId) {
        setSaved(true);
        const q = new URLSearchParams({ saved: "created" });
        if (r.notAssigned.length) q.set("notAssigned", r.notAssigned.join(","));
        router.push(`/admin/roles/${r.role.id}?${q}`);
        return;
      }
      setOthers(r.role.otherPermissions);
      reset({ name: r.role.name, description: r.role.description, permissions: [...r.role.permissions, ...r.role.otherPermissions] });
      setNotice({ saved: "updated", notAssigned: r.notAssigned });
      // Fresh server data (header, mirror facts), and no stale "created" notice left in the URL.
      if (window.location.search) router.replace(`/admin/roles/${roleId}`);
      else router.refresh();
    },
  });
  const error = save.error;
  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    await save.submit(values);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={roleId ? t("edit") : t("new")}>
      {notice && <Alert tone="success" title={notice.saved === "created" ? t("created") : t("saved")} />}
      {notice && notice.notAssigned.length > 0 && <NotAssigned names={notice.notAssigned} />}
      {error && <Alert tone="error">{error}</Alert>}
      <InputField
        label={t("name")}
        dir="auto"
        required
        autoComplete="off"
        maxLength={100}
        error={errors.name?.message}
        {...register("name")}
      />
      <TextareaField
        label={t("description")}
        dir="auto"
        rows={2}
        maxLength={500}
        hint={t("descriptionHint")}
        error={errors.description?.message}
        {...register("description")}
      />
      <PermissionPicker
        field={register("permissions")}
        others={others}
        grantable={grantable}
        current={defaults.permissions}
        error={errors.permissions?.message ?? errors.permissions?.root?.message}
      />
      <div className="flex items-center gap-3">
        <Button type="submit" loading={isSubmitting}>
          {roleId ? t("save") : t("create")}
        </Button>
      </div>
    </form>
  );
}
