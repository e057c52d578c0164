// The permission picker: one fieldset per module of the dashboard's vocabulary, a checkbox per permission (each
// once), plus the gateway-only permissions a role already holds (kept unless cleared). A permission the editor does
// not hold and the role does not have yet is shown disabled (the server refuses to grant it anyway). Used inside
// the role form.
import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { CheckboxField, FieldError } from "@/components/ui/field";
import { permissionsByModule, type PermissionModule } from "@/lib/permissions";

export interface PermissionPickerProps {
  field: UseFormRegisterReturn<"permissions">;
  /** Permissions the gateway holds for this role that the dashboard does not use. */
  others: string[];
  error?: string;
  /** What the editor holds ("all" for a super-admin): only these can be added. */
  grantable: readonly string[] | "all";
  /** What the role has now: it can always be kept or cleared. */
  current: readonly string[];
}

export function PermissionPicker({ field, others, error, grantable, current }: PermissionPickerProps) {
  const t = useTranslations("roles");
  const locked = (p: string) => grantable !== "all" && !grantable.includes(p) && !current.includes(p);
  return (
    <fieldset aria-describedby={error ? "role-permissions-error" : undefined} className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">{t("picker.legend")}</legend>
      <p className="text-sm text-slate-600">{t("picker.intro")}</p>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {permissionsByModule().map(({ module, permissions }) => (
          <fieldset key={module} className="rounded-md border border-slate-200 px-4 pt-1 pb-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{t(`modules.${module as PermissionModule}`)}</legend>
            <div className="space-y-2">
              {permissions.map((p) => (
                <CheckboxField
                  key={p}
                  label={t(`permissions.${p}`)}
                  value={p}
                  hint={
                    <>
                      <code dir="ltr" className="font-mono text-xs">
                        {p}
                      </code>
                      {locked(p) && <span className="block">{t("picker.notHeld")}</span>}
                    </>
                  }
                  {...field}
                  disabled={locked(p)}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {others.length > 0 && (
        <fieldset className="rounded-md border border-amber-200 bg-amber-50/40 px-4 pt-1 pb-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t("picker.others")}</legend>
          <p className="mb-2 text-sm text-slate-600">{t("picker.othersIntro")}</p>
          <div className="space-y-2">
            {others.map((p) => (
              <CheckboxField key={p} label={<code className="font-mono text-xs">{p}</code>} value={p} {...field} />
            ))}
          </div>
        </fieldset>
      )}
      {error && <FieldError id="role-permissions-error">{error}</FieldError>}
    </fieldset>
  );
}
