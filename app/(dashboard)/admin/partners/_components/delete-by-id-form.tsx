"use client";
// Delete a partner the dashboard has not seen: its id typed, checked with the same schema as the server's (zod
// loaded on demand), then handed to the confirmation. One field needs no form library: keeping react-hook-form out
// of the Partners page's first load keeps the page within its JavaScript budget.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";

export function DeleteByIdForm({ onPick }: { onPick: (partnerId: string) => void }) {
  const t = useTranslations("partners.other");
  const [error, setError] = useState<string | undefined>();
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const field = e.currentTarget.elements.namedItem("partnerId");
    const typed = field instanceof HTMLInputElement ? field.value : "";
    const { deletePartnerSchema } = await import("@/lib/schemas/admin-partners");
    const parsed = deletePartnerSchema.safeParse({ partnerId: typed });
    if (parsed.success) {
      setError(undefined);
      onPick(parsed.data.partnerId);
      return;
    }
    // The schema's message is a validation key; FieldError puts it in the reader's language.
    setError(parsed.error.issues[0]?.message);
    if (field instanceof HTMLInputElement) field.focus();
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <InputField
        label={t("id")}
        name="partnerId"
        required
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        // eslint-disable-next-line local/no-ui-literals -- a format sample (a UUID), the same in every language
        placeholder="3f5b2c1a-9e8d-4a7b-8c6d-1e2f3a4b5c6d"
        hint={t("idHint")}
        error={error}
        onChange={() => setError(undefined)}
      />
      <Button type="submit" variant="danger">
        {t("submit")}
      </Button>
    </form>
  );
}
