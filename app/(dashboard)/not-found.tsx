// What a dashboard page shows, inside the shell, when it calls notFound() and has no not-found of its own.
import type { Metadata } from "next";
import { NotFoundCard } from "@/components/status/not-found-card";

export const metadata: Metadata = { title: "Page not found" };

export default function DashboardNotFound() {
  return <NotFoundCard signedIn />;
}
