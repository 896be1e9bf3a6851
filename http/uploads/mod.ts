/**
 * Image uploads: recognising images by their bytes, reading them from multipart forms,
 * and serving stored ones under /uploads/.
 */
export { IMAGE_TYPES, type ImageType, sniffImageType } from "./sniff.ts";
export {
  formFiles,
  MAX_IMAGE_BYTES,
  readImageUploads,
  type UploadedImage,
  uploadError,
  type UploadLimits,
  type UploadOutcome,
} from "./read_uploads.ts";
export { UPLOAD_HEADERS, UPLOAD_KEY_PATTERN, uploadsRoute } from "./route.ts";
