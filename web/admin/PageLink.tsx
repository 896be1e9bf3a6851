/** A link to another admin page, followed without reloading the admin area. */
import type { MouseEvent, ReactNode } from "react";
import { navigate } from "./navigation.ts";

export function PageLink(
  { to, children, className }: { to: string; children: ReactNode; className?: string },
) {
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  }
  return <a href={to} className={className} onClick={follow}>{children}</a>;
}
