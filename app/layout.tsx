import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Merchant dashboard", template: "%s · Merchant dashboard" },
  description: "Back office for card payments: transactions, captures, refunds, payment links and administration.",
  robots: { index: false, follow: false },
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" dir="ltr">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
