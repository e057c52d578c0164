"use client";
// Row selection for "Export selected". The row checkboxes are plain server-rendered inputs of the export form
// (`form="export-selected"`), so the export works without JavaScript; this adds "select all on this page" and a
// count, and disables the button while nothing is ticked.
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

export const EXPORT_FORM_ID = "export-selected";
const ROW_BOXES = `input[type="checkbox"][name="ids"][form="${EXPORT_FORM_ID}"]`;

function rowBoxes(): HTMLInputElement[] {
  return Array.from(document.querySelectorAll<HTMLInputElement>(ROW_BOXES));
}

function useSelection(): { checked: number; total: number } | null {
  const [state, setState] = useState<{ checked: number; total: number } | null>(null);
  useEffect(() => {
    const update = () => {
      const boxes = rowBoxes();
      setState({ checked: boxes.filter((b) => b.checked).length, total: boxes.length });
    };
    update();
    document.addEventListener("change", update);
    return () => document.removeEventListener("change", update);
  }, []);
  return state;
}

export function SelectAllCheckbox() {
  const t = useTranslations("transactions");
  const selection = useSelection();
  const ref = useRef<HTMLInputElement>(null);
  const all = selection !== null && selection.total > 0 && selection.checked === selection.total;
  const some = selection !== null && selection.checked > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={t("selectAll")}
      checked={all}
      disabled={selection === null || selection.total === 0}
      onChange={(e) => {
        for (const box of rowBoxes()) box.checked = e.target.checked;
        document.dispatchEvent(new Event("change"));
      }}
      className="size-4 rounded border-slate-300 accent-brand-600"
    />
  );
}

export function ExportSelectedButton() {
  const t = useTranslations("transactions");
  const selection = useSelection();
  const count = selection?.checked ?? 0;
  return (
    <Button type="submit" form={EXPORT_FORM_ID} variant="secondary" disabled={selection !== null && count === 0}>
      {selection !== null && count > 0 ? t("exportSelectedCount", { count }) : t("exportSelected")}
    </Button>
  );
}
