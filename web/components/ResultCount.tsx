/** How many products the filters found, announced when it changes. */
export function resultCountText(total: number, one: string, many: string): string {
  return `${total.toLocaleString("en-US")} ${total === 1 ? one : many} found`;
}

export function ResultCount(
  { total, one, many }: { total: number; one: string; many: string },
) {
  return <p className="result-count" role="status">{resultCountText(total, one, many)}</p>;
}
