export function LanternMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#0f172a" />
      <path d="M12 7h8M13 7v3h6V7M11 10h10l-1 14H12z" fill="none" stroke="#f59e0b" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="16" cy="17" r="3" fill="#fbbf24" />
      <path d="M10 25h12" stroke="#f59e0b" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
