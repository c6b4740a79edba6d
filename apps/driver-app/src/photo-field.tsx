import { useEffect, useRef, useState } from 'preact/hooks';
import { closeCamera, openCamera, resizedFile, showCamera, snapshot } from './camera';

/**
 * A photo of the drop-off, from the live camera (resized on the phone before anything is
 * sent), or, where the browser gives no camera, from the phone's own camera app.
 */
export function PhotoField({ changed }: { changed: (jpeg: Blob | null) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  // Shown while it starts: a hidden video may never get its first frame.
  const [opening, setOpening] = useState(false);
  const [noCamera, setNoCamera] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => closeCamera(stream), [stream]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const start = async () => {
    const opened = await openCamera();
    if (!opened) return setNoCamera(true);
    setOpening(true);
    await showCamera(video.current!, opened).finally(() => setOpening(false));
    setStream(opened);
  };
  const keep = (photo: Blob) => {
    setPreview(URL.createObjectURL(photo));
    changed(photo);
  };
  const take = async () => {
    keep(await snapshot(video.current!));
    closeCamera(stream);
    setStream(null);
  };
  const picked = async (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (file) keep(await resizedFile(file));
  };
  return (
    <fieldset>
      <legend>Photo</legend>
      <video ref={video} muted playsInline hidden={!stream && !opening} class="camera" aria-label="Camera" />
      {preview && !stream && <img src={preview} alt="The photo taken" class="photo" />}
      {stream ? (
        <button type="button" onClick={take}>
          Take photo
        </button>
      ) : noCamera ? (
        <label class="file">
          Take a photo
          <input type="file" accept="image/*" capture="environment" onChange={picked} />
        </label>
      ) : (
        <button type="button" class="secondary" onClick={start}>
          {preview ? 'Take another photo' : 'Open camera'}
        </button>
      )}
    </fieldset>
  );
}
