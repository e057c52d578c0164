// The permissions a save asked for that the gateway silently did not assign (contract 4.13: ignored, no error).
import { Alert } from "@/components/ui/alert";

export function NotAssigned({ names }: { names: string[] }) {
  return (
    <Alert tone="warning" title="The gateway ignored some permissions">
      Not assigned by the gateway:{" "}
      {names.map((n, i) => (
        <span key={n}>
          {i > 0 && ", "}
          <code className="font-mono text-xs">{n}</code>
        </span>
      ))}
      . It does not support them; holders of the role do not get them.
    </Alert>
  );
}
