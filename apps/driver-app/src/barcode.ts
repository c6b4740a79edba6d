/**
 * Reads a barcode off the video, frame after frame, until one is found or `stop` is called:
 * the browser's own BarcodeDetector where it has one (Chrome on Android), else ZXing
 * (@zxing/browser), loaded only then, as its own script.
 */
export function scanBarcodes(video: HTMLVideoElement, found: (text: string) => void): { stop: () => void } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const canvas = document.createElement('canvas');
  const next = (read: () => Promise<string | null>) => {
    if (stopped) return;
    timer = setTimeout(async () => {
      const text = video.readyState >= 2 ? await read().catch(() => null) : null;
      if (text && !stopped) found(text);
      next(read);
    }, 250);
  };
  void (async () => {
    const Detector = (globalThis as { BarcodeDetector?: new () => { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> } })
      .BarcodeDetector;
    if (Detector) {
      const detector = new Detector();
      return next(async () => (await detector.detect(video))[0]?.rawValue ?? null);
    }
    const { BrowserMultiFormatReader } = await import('@zxing/browser');
    const reader = new BrowserMultiFormatReader();
    next(async () => {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d', { willReadFrequently: true })!.drawImage(video, 0, 0);
      try {
        return reader.decodeFromCanvas(canvas).getText();
      } catch {
        return null; // No barcode in this frame.
      }
    });
  })();
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
