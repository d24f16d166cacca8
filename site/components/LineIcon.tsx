/** A decorative 24 × 24 line icon in the text colour (the islands' toggles and close buttons). */
export function LineIcon({ d, className, strokeWidth = '2', roundJoins = false }: { d: string; className: string; strokeWidth?: string; roundJoins?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin={roundJoins ? 'round' : undefined}
    >
      <path d={d} />
    </svg>
  );
}
