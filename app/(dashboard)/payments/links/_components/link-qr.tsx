"use client";
// A payment link as a QR code, drawn on demand: the `qrcode` library is imported only when staff ask for the
// code, so it is not part of the page's initial JavaScript.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function LinkQr({ url, orderId }: { url: string; orderId: string }) {
  const t = useTranslations("links.actions");
  const [src, setSrc] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const show = async () => {
    if (src) {
      setSrc(null);
      return;
    }
    setState("loading");
    try {
      const QRCode = await import("qrcode");
      setSrc(await QRCode.toDataURL(url, { margin: 1, width: 176, errorCorrectionLevel: "M" }));
      setState("idle");
    } catch {
      setState("failed");
    }
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="ghost" size="sm" onClick={show} loading={state === "loading"} aria-expanded={!!src}>
        {src ? t("hideQr") : t("qr")}
      </Button>
      {src && (
        // eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn in the browser
        <img src={src} width={176} height={176} alt={t("qrAlt", { orderId })} className="rounded border border-slate-200" />
      )}
      {state === "failed" && <span className="text-xs text-red-700">{t("qrFailed")}</span>}
    </div>
  );
}
