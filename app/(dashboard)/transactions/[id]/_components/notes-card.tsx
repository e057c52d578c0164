// A payment's notes: what colleagues wrote about it, who and when, and whom each told by mail; the form to add one
// (anyone who may see the payment). Notes are in the timeline too, among the payment's other moments.
import { useFormatter, useTranslations } from "next-intl";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import type { PaymentNoteView } from "@/lib/schemas/payment-notes-values";
import { NoteForm } from "./note-form";

export function NoteList({ notes }: { notes: PaymentNoteView[] }) {
  const t = useTranslations("payment.notes");
  const format = useFormatter();
  if (notes.length === 0) return <p className="text-sm text-slate-600">{t("empty")}</p>;
  return (
    <ol className="space-y-4" data-testid="notes">
      {notes.map((n) => (
        <li key={n.id} className="text-sm">
          <p className="text-slate-600">
            <bdi className="font-medium text-slate-900">{n.author}</bdi> · <LocalTime iso={n.createdAt} />
          </p>
          <p className="mt-1 break-words whitespace-pre-line" dir="auto">
            {n.body}
          </p>
          {n.mentioned.length > 0 && <p className="mt-1 text-xs text-slate-600">{t("told", { names: format.list(n.mentioned) })}</p>}
        </li>
      ))}
    </ol>
  );
}

export function NotesCard({ paymentId, notes }: { paymentId: string; notes: PaymentNoteView[] }) {
  const t = useTranslations("payment.notes");
  return (
    <Card title={t("title")} description={t("description")}>
      <div className="space-y-5">
        <NoteList notes={notes} />
        <ClientMessages namespaces={["payment"]}>
          <NoteForm paymentId={paymentId} />
        </ClientMessages>
      </div>
    </Card>
  );
}
