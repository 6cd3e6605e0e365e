/** Decodes an image in the browser to learn its size; null when it cannot be decoded in time. */
export function readImageDimensions(file: Blob, timeoutMs = 10_000): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (result: { width: number; height: number } | null) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      resolve(result);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}
