/**
 * A product's picture with its resized copies (domain/catalogue/image_variants.ts): WebP
 * where the browser takes it, the original's type otherwise, each in every width, so that
 * a phone loads a copy about as wide as the slot and not the uploaded photo. A picture
 * without copies (the placeholder) is a plain image.
 */
import { imageSources } from "../../domain/catalogue/image_variants.ts";

export interface ProductImageProps {
  src: string;
  alt: string;
  /** How wide the image is drawn, as the `sizes` attribute says it (`(min-width: 768px) 240px, 50vw`). */
  sizes: string;
  width: number;
  height?: number;
  loading?: "eager" | "lazy";
  decoding?: "async" | "auto" | "sync";
  /** "high" for the picture that is likely the page's largest paint. */
  fetchPriority?: "high" | "low" | "auto";
}

export function ProductImage({ src, sizes, ...img }: ProductImageProps) {
  const sources = imageSources(src);
  if (!sources.webp) return <img src={src} {...img} />;
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img src={src} srcSet={sources.srcset} sizes={sources.srcset ? sizes : undefined} {...img} />
    </picture>
  );
}
