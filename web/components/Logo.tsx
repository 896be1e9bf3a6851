/** The shop's mark: an open book under a lamp-orange sun, and the name. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <span className="logo">
      <svg
        width={size}
        height={size}
        viewBox="0 0 48 48"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="24" cy="17" r="9" fill="#f2a541" />
        <path d="M4 20c7-3 14-2 20 3v21c-6-5-13-6-20-3z" fill="#0f5c5c" />
        <path d="M44 20c-7-3-14-2-20 3v21c6-5 13-6 20-3z" fill="#167a7a" />
        <path d="M24 23v21" stroke="#fff" strokeWidth="1.5" />
      </svg>
      <span className="logo-text">Pothgula</span>
    </span>
  );
}
