// Staff's notes as the payment page and the customer page list them: who wrote each, when, the text (as written, in
// its own direction) and whom it told by mail; on the customer page each note names its order, linked to the payment.
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import type { PaymentNoteView } from "@/lib/schemas/payment-notes-values";

export function NoteList({
  notes,
  empty,
  testId,
}: {
  notes: Array<PaymentNoteView & { order?: { id: string; paymentId: string } }>;
  empty: string;
  testId: string;
}) {
  const t = useTranslations("payment.notes");
  const format = useFormatter();
  if (notes.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ol className="space-y-4" data-testid={testId}>
      {notes.map((n) => (
        <li key={n.id} className="text-sm">
          <p className="text-slate-600">
            {n.order && (
              <>
                <Link href={`/transactions/${n.order.paymentId}`} prefetch={false} className="font-medium text-brand-700 hover:underline">
                  <bdi dir="ltr">{n.order.id}</bdi>
                </Link>{" "}
                ·{" "}
              </>
            )}
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
