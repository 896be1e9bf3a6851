/** A file input for images with previews of the chosen files. */
import { useEffect, useMemo } from "react";
import type { FieldAria } from "./Field.tsx";

export function ImagePicker(
  { aria, files, multiple, onChange }: {
    aria: FieldAria;
    files: File[];
    multiple: boolean;
    onChange: (files: File[]) => void;
  },
) {
  const previews = useMemo(
    () => files.map((file) => ({ name: file.name, url: URL.createObjectURL(file) })),
    [files],
  );
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
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
      {previews.length > 0 && (
        <ul className="image-previews" aria-label="Chosen images">
          {previews.map((preview) => (
            <li key={preview.url}>
              <img src={preview.url} alt={`Preview of ${preview.name}`} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
