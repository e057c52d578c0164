// The user's saved views as links (each opens the list with its filter), with delete buttons and "Save view".
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { SavedView } from "@/lib/transactions/saved-view";
import { DeleteViewButton } from "./delete-view-button";
import { SaveViewButton } from "./save-view-button";

export function SavedViewsBar({ views, currentQuery }: { views: SavedView[]; currentQuery: string }) {
  const t = useTranslations("transactions.views");
  const current = new URLSearchParams(currentQuery);
  current.delete("cursor");
  const currentText = current.toString();
  return (
    <section aria-labelledby="saved-views-heading" className="flex flex-wrap items-center gap-2">
      <h2 id="saved-views-heading" className="text-sm font-medium text-slate-700">
        {t("heading")}
      </h2>
      {views.length === 0 ? (
        <p className="text-sm text-slate-500">{t("none")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {views.map((v) => (
            <li
              key={v.id}
              className="inline-flex items-center gap-1 rounded-md border border-slate-200 bg-white ps-2.5 pe-1 py-0.5 text-sm shadow-xs"
            >
              <Link
                href={`/transactions?${v.query}`}
                aria-current={v.query === currentText ? "page" : undefined}
                className="text-brand-700 hover:underline aria-[current=page]:font-semibold"
              >
                <bdi dir="auto">{v.name}</bdi>
              </Link>
              <DeleteViewButton viewId={v.id} name={v.name} />
            </li>
          ))}
        </ul>
      )}
      <SaveViewButton query={currentText} />
    </section>
  );
}
