/** The HTML document around a page: head (texts, share card, assets) and the island data. */
import type { ReactNode } from "react";
import type { PageAssets, PageHead } from "./model.ts";
import { ISLAND_DATA_ID } from "../islands/names.ts";
import { scriptSafeJsonLd } from "./structured_data.ts";

export interface DocumentProps {
  head: PageHead;
  assets: PageAssets;
  /** Already escaped JSON of the islands' props, or undefined when the page has none. */
  islandJson?: string;
  /** The rendered body markup. */
  bodyHtml: string;
  extraHead?: ReactNode;
  /** The page's language (`<html lang>`); English when absent (the admin area). */
  lang?: string;
}

export function Document({ head, assets, islandJson, bodyHtml, lang }: DocumentProps) {
  const share = head.share;
  return (
    <html lang={lang ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <meta name="theme-color" content="#0f5c5c" />
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {assets.styles.map((href) => <link key={href} rel="stylesheet" href={href} />)}
        {head.canonical ?? share?.url
          ? <link rel="canonical" href={head.canonical ?? share?.url} />
          : null}
        {(head.alternates ?? []).map(({ hreflang, href }) => (
          <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
        ))}
        {(head.jsonLd ?? []).map((data, i) => (
          <script
            key={i}
            type="application/ld+json"
            dangerouslySetInnerHTML={{ __html: scriptSafeJsonLd(data) }}
          />
        ))}
        {share
          ? (
            <>
              <meta property="og:type" content={share.type} />
              <meta property="og:title" content={share.title} />
              <meta property="og:description" content={share.description} />
              <meta property="og:url" content={share.url} />
              <meta property="og:site_name" content="Pothgula" />
              {share.image ? <meta property="og:image" content={share.image} /> : null}
              <meta name="twitter:card" content={share.image ? "summary_large_image" : "summary"} />
              <meta name="twitter:title" content={share.title} />
              <meta name="twitter:description" content={share.description} />
              {share.image ? <meta name="twitter:image" content={share.image} /> : null}
            </>
          )
          : null}
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} fetchPriority="low" />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
      </head>
      <body>
        <div id="app" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        {islandJson
          ? (
            <script
              type="application/json"
              id={ISLAND_DATA_ID}
              dangerouslySetInnerHTML={{ __html: islandJson }}
            />
          )
          : null}
      </body>
    </html>
  );
}
