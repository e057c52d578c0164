// The tones a status badge can take: the meaning of a state (good, needs attention, bad, informational), which
// labels in lib/ choose and components/ui/badge.tsx paints.
export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info";
