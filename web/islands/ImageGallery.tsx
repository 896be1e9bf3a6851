/** A book's pictures: the main one magnifies under the pointer (or a tap), thumbnails switch it. */
import { type PointerEvent, useRef, useState } from "react";
import { imageOrPlaceholder } from "../lib/images.ts";
import { variantPath } from "../../domain/catalogue/image_variants.ts";
import { ProductImage } from "../components/ProductImage.tsx";
import { useI18n } from "../i18n/mod.ts";

export interface ImageGalleryProps {
  images: string[];
  title: string;
}

const ZOOM = 2.5;

/** The magnifier's picture: the widest WebP copy (1024px), not the uploaded photo. */
function zoomed(url: string): string {
  return variantPath(url, 1024, "image/webp") ?? url;
}

export function ImageGallery({ images, title }: ImageGalleryProps) {
  const { t } = useI18n();
  const pictures = images.length > 0 ? images : [imageOrPlaceholder(undefined)];
  const [current, setCurrent] = useState(0);
  const [zooming, setZooming] = useState(false);
  const lens = useRef<HTMLSpanElement>(null);

  const move = (event: PointerEvent<HTMLSpanElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100));
    const y = Math.min(100, Math.max(0, ((event.clientY - box.top) / box.height) * 100));
    // Set through the CSSOM: the page's policy allows no inline style in markup.
    lens.current?.style.setProperty("background-position", `${x}% ${y}%`);
  };

  return (
    <div className="gallery">
      <span
        className={zooming ? "gallery-main zooming" : "gallery-main"}
        onPointerEnter={(e) => {
          if (e.pointerType === "mouse") setZooming(true);
        }}
        onPointerLeave={(e) => {
          if (e.pointerType === "mouse") setZooming(false);
        }}
        onPointerMove={move}
        onClick={(e) => {
          setZooming((z) => !z);
          move(e as unknown as PointerEvent<HTMLSpanElement>);
        }}
      >
        <ProductImage
          src={pictures[current]}
          sizes="(min-width: 768px) 400px, calc(100vw - 32px)"
          alt={title}
          width={400}
          height={533}
          fetchPriority="high"
        />
        {zooming
          ? (
            <span
              ref={(el) => {
                lens.current = el;
                el?.style.setProperty("background-image", `url("${zoomed(pictures[current])}")`);
                el?.style.setProperty("background-size", `${ZOOM * 100}%`);
              }}
              className="magnifier"
              aria-hidden="true"
            />
          )
          : null}
      </span>
      {pictures.length > 1
        ? (
          <ul className="thumbnails" aria-label={t("gallery.more")}>
            {pictures.map((src, i) => (
              <li key={src}>
                <button
                  type="button"
                  className="thumbnail"
                  aria-pressed={i === current}
                  aria-label={t("gallery.picture", { number: i + 1, count: pictures.length })}
                  onClick={() => setCurrent(i)}
                >
                  <ProductImage
                    src={src}
                    sizes="64px"
                    alt=""
                    width={64}
                    height={85}
                    loading="lazy"
                  />
                </button>
              </li>
            ))}
          </ul>
        )
        : null}
    </div>
  );
}
