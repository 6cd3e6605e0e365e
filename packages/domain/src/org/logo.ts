/** Logo rules of the upload screen (platform spec §5, "Logo (upload screen)"). */
export const LOGO_MAX_BYTES = 5_242_880;
export const LOGO_MIN_DIMENSION = 50;
export const LOGO_MAX_DIMENSION = 2048;
export const LOGO_MIME_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'image/jpg'] as const;
export const LOGO_EXTENSIONS = ['.gif', '.jpeg', '.jpg', '.png'] as const;

/** Human-readable size as shown inside the messages, e.g. "6.2 MB" or "512 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(Math.round((bytes / (1024 * 1024)) * 100) / 100).toString()} MB`;
  if (bytes >= 1024) return `${(Math.round((bytes / 1024) * 100) / 100).toString()} KB`;
  return `${bytes.toString()} bytes`;
}

export type LogoCheck =
  | { ok: true; message: string }
  | { ok: false; message: string };

export interface LogoCandidate {
  name: string;
  sizeBytes: number;
  mimeType: string;
}

export const LOGO_MESSAGES = {
  noFile: 'No file selected.',
  tooLarge: (size: string) => `File size (${size}) exceeds 5MB limit. Please upload a smaller image.`,
  badType: (type: string) => `Invalid file type (${type}). Please upload GIF, JPEG, PNG, or JPG files only.`,
  badExtension: (ext: string) => `Invalid file extension (${ext}). Please use .gif, .jpeg, .jpg, or .png files.`,
  unreadable: 'Unable to read image dimensions. Please try a different file.',
  tooBig: (w: number, h: number) =>
    `Image dimensions (${w.toString()}x${h.toString()}) exceed the maximum allowed size of ${LOGO_MAX_DIMENSION.toString()}x${LOGO_MAX_DIMENSION.toString()} pixels.`,
  tooSmall: (w: number, h: number) =>
    `Image dimensions (${w.toString()}x${h.toString()}) are below the minimum required size of ${LOGO_MIN_DIMENSION.toString()}x${LOGO_MIN_DIMENSION.toString()} pixels.`,
  passed: (file: string, size: string) => `File validation passed! ${file} (${size}) is ready for upload.`,
  selectFirst: 'Please select a valid file first.',
} as const;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** Checks name, declared type and size: everything that can be known before the image is decoded. */
export function checkLogoFile(file: LogoCandidate | null): LogoCheck {
  if (!file) return { ok: false, message: LOGO_MESSAGES.noFile };
  if (file.sizeBytes > LOGO_MAX_BYTES) return { ok: false, message: LOGO_MESSAGES.tooLarge(formatFileSize(file.sizeBytes)) };
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.mimeType))
    return { ok: false, message: LOGO_MESSAGES.badType(file.mimeType || 'unknown') };
  const ext = extensionOf(file.name);
  if (!(LOGO_EXTENSIONS as readonly string[]).includes(ext)) return { ok: false, message: LOGO_MESSAGES.badExtension(ext || 'none') };
  return { ok: true, message: LOGO_MESSAGES.passed(file.name, formatFileSize(file.sizeBytes)) };
}

/** Checks decoded dimensions; null means the image could not be decoded. */
export function checkLogoDimensions(dimensions: { width: number; height: number } | null): LogoCheck {
  if (!dimensions) return { ok: false, message: LOGO_MESSAGES.unreadable };
  const { width, height } = dimensions;
  if (width > LOGO_MAX_DIMENSION || height > LOGO_MAX_DIMENSION) return { ok: false, message: LOGO_MESSAGES.tooBig(width, height) };
  if (width < LOGO_MIN_DIMENSION || height < LOGO_MIN_DIMENSION) return { ok: false, message: LOGO_MESSAGES.tooSmall(width, height) };
  return { ok: true, message: '' };
}
