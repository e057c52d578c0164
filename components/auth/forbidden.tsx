// What a page shows to a signed-in user who lacks its permission (the server refused to render the content).
import { Alert } from "@/components/ui/alert";

export function Forbidden({ area, permission }: { area: string; permission: string }) {
  return (
    <div className="max-w-xl">
      <h1 className="text-xl font-semibold">{area}</h1>
      <Alert tone="warning" className="mt-4" title="You do not have access to this area">
        It needs the <code className="font-mono text-xs">{permission}</code> permission. Ask a super-admin to add a role that grants it.
      </Alert>
    </div>
  );
}
