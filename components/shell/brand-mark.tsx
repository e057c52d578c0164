// The product's mark: a rounded square in the brand colour with three lines (a statement). app/icon.svg draws the same.
export function BrandMark({ className = "size-6" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={`${className} text-brand-600`}>
      <rect width="20" height="20" rx="5" fill="currentColor" />
      <path d="M5 7h10M5 10h10M5 13h5" stroke="white" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
