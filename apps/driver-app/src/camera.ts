/** The phone's back camera, for a photo or a barcode; null when the browser has none or the driver said no. */
export async function openCamera(): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 } }, audio: false });
  } catch {
    return null;
  }
}

/** Shows the camera on `video`, once it has a frame to show (a photo taken sooner would be empty). */
export async function showCamera(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
  video.srcObject = stream;
  await video.play();
  while (video.videoWidth === 0 || video.readyState < 2)
    await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
}

export const closeCamera = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/** A photo's longest side once resized on the phone: enough to read a house number, a few hundred KB. */
export const PHOTO_MAX_SIDE = 1600;

/** Draws `source` at most PHOTO_MAX_SIDE on its longest side and encodes it as a JPEG. */
export async function resizedJpeg(
  source: CanvasImageSource & { width?: number; height?: number },
  width: number,
  height: number,
): Promise<Blob> {
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d')!.drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the photo could not be encoded'))), 'image/jpeg', 0.8),
  );
}

/** The frame the video shows now, resized, as a JPEG. */
export const snapshot = (video: HTMLVideoElement) => resizedJpeg(video, video.videoWidth, video.videoHeight);

/** A photo the driver picked from the phone's own camera app (where the browser gives no live camera), resized. */
export async function resizedFile(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    return await resizedJpeg(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
