/**
 * A file input for images with previews of the chosen files. Previews are data: URLs,
 * which the shop's Content-Security-Policy allows for images (blob: URLs it does not).
 */
import { useEffect, useState } from "react";
import type { FieldAria } from "../Field.tsx";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function ImagePicker(
  { aria, files, multiple, onChange }: {
    aria: FieldAria;
    files: File[];
    multiple: boolean;
    onChange: (files: File[]) => void;
  },
) {
  const [previews, setPreviews] = useState<{ name: string; url: string }[]>([]);
  useEffect(() => {
    let current = true;
    Promise.all(files.map(async (file) => ({ name: file.name, url: await readAsDataUrl(file) })))
      .then((read) => current && setPreviews(read), () => current && setPreviews([]));
    return () => {
      current = false;
    };
  }, [files]);
  return (
    <>
      <input
        {...aria}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple={multiple}
        required
        onChange={(event) => onChange(Array.from(event.target.files ?? []))}
      />
      {files.length > 0 && previews.length > 0 && (
        <ul className="image-previews" aria-label="Chosen images">
          {previews.map((preview, index) => (
            <li key={`${index}:${preview.name}`}>
              <img src={preview.url} alt={`Preview of ${preview.name}`} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
