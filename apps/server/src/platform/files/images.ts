import { imageSize } from 'image-size';

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp';
const MIME: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * Identifies an image by its content, never by its name or declared type, and reads its size.
 * Returns null when the bytes are not a decodable image of an allowed kind.
 */
export function inspectImage(bytes: Buffer, allowed: readonly ImageKind[]): { kind: ImageKind; mimeType: string; width: number; height: number } | null {
  try {
    const result = imageSize(bytes);
    const kind = result.type === 'jpeg' ? 'jpg' : (result.type as ImageKind | undefined);
    if (!kind || !allowed.includes(kind) || !result.width || !result.height) return null;
    return { kind, mimeType: MIME[kind], width: result.width, height: result.height };
  } catch {
    return null;
  }
}
