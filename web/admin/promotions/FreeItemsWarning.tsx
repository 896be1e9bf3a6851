/**
 * What a campaign being written would make free, asked of the shop as its scope and discount
 * change (a moment after the last change): 100% off, or an amount at or above an item's
 * price, which the rule clamps to the price. The owner reads it before saving, so an LKR
 * 100,000 campaign over a language does not make every book in it free unseen.
 */
import { useEffect, useState } from "react";
import type { WireFreeItems } from "../../../contract/promotions.ts";
import { useAdmin } from "../context.ts";
import { formatRupees } from "../format.ts";
import { freeItemsOf } from "./endpoints.ts";

/** How long after the last change the shop is asked. */
const SETTLE_MS = 300;

export function FreeItemsWarning(
  { draft }: { draft: { scope: unknown; benefit: unknown } | null },
) {
  const { api } = useAdmin();
  const [found, setFound] = useState<WireFreeItems | null>(null);
  const asked = draft ? JSON.stringify(draft) : null;
  useEffect(() => {
    if (asked === null) {
      setFound(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      freeItemsOf(api, JSON.parse(asked)).then(
        (answer) => current && setFound(answer),
        () => current && setFound(null),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, asked]);
  if (!found || found.total === 0) return null;
  const more = found.total - found.items.length;
  return (
    <div className="notice notice-warning field-wide free-items" role="status">
      <p>
        <strong>
          This campaign would make {found.total_capped ? "at least " : ""}
          {found.total} {found.total === 1 ? "item" : "items"} free
        </strong>{" "}
        (its discount is at or above their price, and is taken off only up to it):
      </p>
      <ul>
        {found.items.map((item) => (
          <li key={`${item.type}:${item.id}`}>
            {item.title} ({formatRupees(item.price)})
          </li>
        ))}
      </ul>
      {more > 0 ? <p>and {more} more.</p> : null}
    </div>
  );
}
