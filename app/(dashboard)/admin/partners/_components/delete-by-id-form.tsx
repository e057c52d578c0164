"use client";
// Delete a partner the dashboard has not seen: its id typed, checked with the same schema as the server's (zod
// loaded on demand), then handed to the confirmation.
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import type { DeletePartner, DeletePartnerInput } from "@/lib/schemas/admin-partners";

export function DeleteByIdForm({ onPick }: { onPick: (partnerId: string) => void }) {
  const t = useTranslations("partners.other");
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeletePartnerInput, unknown, DeletePartner>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/admin-partners").then((m) => m.deletePartnerSchema)),
    defaultValues: { partnerId: "" },
  });
  return (
    <form onSubmit={handleSubmit((v) => onPick(v.partnerId))} noValidate className="space-y-4">
      <InputField
        label={t("id")}
        required
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        // eslint-disable-next-line local/no-ui-literals -- a format sample (a UUID), the same in every language
        placeholder="3f5b2c1a-9e8d-4a7b-8c6d-1e2f3a4b5c6d"
        hint={t("idHint")}
        error={errors.partnerId?.message}
        {...register("partnerId")}
      />
      <Button type="submit" variant="danger">
        {t("submit")}
      </Button>
    </form>
  );
}
