// Tailwind 4 reads its theme from CSS; this file extends it and is loaded by `@config` in app/globals.css.
// Layout uses logical properties (ms-/me-/ps-/pe-/start-/end-) throughout so an RTL layout works.
import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { 50: "#eef5ff", 100: "#d9e8ff", 500: "#2f6fed", 600: "#1f5ad6", 700: "#1a48aa", 900: "#13285a" },
      },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Noto Sans", "Noto Sans Arabic", "sans-serif"],
      },
    },
  },
} satisfies Config;
