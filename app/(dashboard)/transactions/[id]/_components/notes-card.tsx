// A payment's notes: what colleagues wrote about it, who and when, and whom each told by mail; the form to add one
// (anyone who may see the payment). Notes are in the timeline too, among the payment's other moments.
import { useTranslations } from "next-intl";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Card } from "@/components/ui/card";
import { NoteList } from "@/components/notes/note-list";
import type { PaymentNoteView } from "@/lib/schemas/payment-notes-values";
import { NoteForm } from "./note-form";

export function NotesCard({ paymentId, notes }: { paymentId: string; notes: PaymentNoteView[] }) {
  const t = useTranslations("payment.notes");
  return (
    <Card title={t("title")} description={t("description")}>
      <div className="space-y-5">
        <NoteList notes={notes} empty={t("empty")} testId="notes" />
        <ClientMessages namespaces={["payment"]}>
          <NoteForm paymentId={paymentId} />
        </ClientMessages>
      </div>
    </Card>
  );
}
