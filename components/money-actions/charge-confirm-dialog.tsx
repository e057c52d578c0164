"use client";
// The large-charge confirmation itself (charge-confirm-provider.tsx loads it on first use): the server's sentence,
// "Go back" and "Charge it".
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function ChargeConfirmDialog({ message, onDone }: { message: string; onDone: (confirmed: boolean) => void }) {
  const t = useTranslations("shell");
  return (
    <ConfirmDialog
      open
      onClose={() => onDone(false)}
      title={t("chargeConfirm.title")}
      confirmLabel={t("chargeConfirm.confirm")}
      cancelLabel={t("chargeConfirm.back")}
      onConfirm={() => onDone(true)}
    >
      <p>{message}</p>
    </ConfirmDialog>
  );
}
