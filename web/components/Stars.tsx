/**
 * The fixed four-of-five star row the design puts on every book. It is decoration, not a
 * rating anyone gave, so assistive technology is told nothing about it.
 */
export function Stars() {
  return (
    <span className="stars" aria-hidden="true">
      <span>★★★★</span>
      <span className="star-off">★</span>
    </span>
  );
}

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
