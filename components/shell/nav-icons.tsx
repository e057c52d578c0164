// Small stroke icons for the sidebar, keyed by href (decorative; the label names the link).
const PATHS: Record<string, string> = {
  "/overview": "M3.5 3.5h5v5h-5zM11.5 3.5h5v5h-5zM3.5 11.5h5v5h-5zM11.5 11.5h5v5h-5z",
  "/transactions": "M4 5.5h12M4 10h12M4 14.5h8",
  "/payments/new": "M2.5 5h15v10h-15zM2.5 8.5h15M5.5 12.5h3",
  "/captures": "M10 17.5a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15zM6.75 10.25l2.25 2.25 4.25-4.75",
  "/refunds": "M7 4.5 3.5 8 7 11.5M3.5 8H12a4.5 4.5 0 0 1 0 9h-2",
  "/recurring": "M4 10a6 6 0 0 1 10.6-3.9M16 10a6 6 0 0 1-10.6 3.9M14.8 3v3.3h-3.3M5.2 17v-3.3h3.3",
  // A calendar: plans charge on their dates.
  "/recurring/plans": "M3.5 5h13v11.5h-13zM3.5 8.5h13M7 3v3.5M13 3v3.5M6.5 11.5h2M11.5 11.5h2M6.5 14h2",
  "/saved-cards": "M3.5 7h13v9.5h-13zM5.5 4h11.5v10M6 13.5h3",
  // Two people: the customers who paid.
  "/customers":
    "M7.5 9a2.75 2.75 0 1 0 0-5.5 2.75 2.75 0 0 0 0 5.5zM2.5 16.5a5 5 0 0 1 10 0M13 4a2.75 2.75 0 0 1 0 5.25M14.5 11.75a5 5 0 0 1 3 4.75",
  // A bar chart on a baseline: the finance reports.
  "/reports": "M3 16.5h14M5.5 16.5v-5M9 16.5v-9M12.5 16.5v-6.5M16 16.5v-11",
  "/admin/roles": "M10 2.5 16 5v4.5c0 3.9-2.6 6.6-6 8-3.4-1.4-6-4.1-6-8V5z",
  "/admin/users": "M10 9.5a3.25 3.25 0 1 0 0-6.5 3.25 3.25 0 0 0 0 6.5zM3.5 17a6.5 6.5 0 0 1 13 0",
  "/admin/branches": "M4.5 17.5v-14h7v14M11.5 8h4v9.5M2.5 17.5h15M7 6.5h2M7 9.5h2M7 12.5h2",
  "/admin/partners": "M8.6 11.4a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.8.8M11.4 8.6a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l.8-.8",
  "/admin/audit": "M5 2.5h7l3 3v12H5zM8 9h4.5M8 12h4.5M8 15h2.5",
};

const FALLBACK = "M10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z";

export function NavIcon({ href }: { href: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4 shrink-0"
    >
      <path d={PATHS[href] ?? FALLBACK} />
    </svg>
  );
}
