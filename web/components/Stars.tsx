/** The fixed four-of-five star rating every book card shows. */
export function Stars() {
  return (
    <span className="stars" role="img" aria-label="Rated 4 out of 5">
      <span aria-hidden="true">★★★★</span>
      <span aria-hidden="true" className="star-off">★</span>
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
