/** A link to a product's edit page, followed without reloading the admin area. */
import type { MouseEvent, ReactNode } from "react";
import { navigate } from "../navigation.ts";
import { editPath } from "../router.ts";

export function ProductLink(
  { kind, id, children, label }: {
    kind: "books" | "stationery";
    id: number;
    children: ReactNode;
    label?: string;
  },
) {
  const path = editPath(kind, id);
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(path);
  }
  return <a href={path} aria-label={label} onClick={follow}>{children}</a>;
}
