// What a page shows to a signed-in user who lacks its permission (the server refused to render the content).
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";

export function Forbidden({ area, permission }: { area: string; permission: string }) {
  const t = useTranslations("status");
  return (
    <div className="max-w-xl">
      <h1 className="text-xl font-semibold">{area}</h1>
      <Alert tone="warning" className="mt-4" title={t("forbidden.title")}>
        {t.rich("forbidden.text", {
          code: () => (
            <code dir="ltr" className="font-mono text-xs">
              {permission}
            </code>
          ),
        })}
      </Alert>
    </div>
  );
}
