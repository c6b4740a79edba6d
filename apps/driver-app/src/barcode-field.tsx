import { useEffect, useRef, useState } from 'preact/hooks';
import { scanBarcodes } from './barcode';
import { closeCamera, openCamera, showCamera } from './camera';

/**
 * The packages' barcodes: scanned with the camera, one after the other, or typed. Each
 * expected one is ticked off as it is read; a code of no package here is said so.
 */
export function BarcodeField({
  expected,
  scanned,
  changed,
}: {
  expected: string[];
  scanned: string[];
  changed: (codes: string[]) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  // Shown while it starts: a hidden video may never get its first frame.
  const [opening, setOpening] = useState(false);
  const [typed, setTyped] = useState('');
  const [stray, setStray] = useState<string | null>(null);
  const latest = useRef(scanned);
  latest.current = scanned;
  const add = (code: string) => {
    const text = code.trim();
    if (!text) return;
    if (!expected.includes(text)) return setStray(text);
    setStray(null);
    if (!latest.current.includes(text)) changed([...latest.current, text]);
  };
  useEffect(() => {
    if (!stream) return;
    const scanner = scanBarcodes(video.current!, add);
    return () => {
      scanner.stop();
      closeCamera(stream);
    };
  }, [stream]);
  const start = async () => {
    const opened = await openCamera();
    if (!opened) return setStray('no camera: type the codes');
    setOpening(true);
    await showCamera(video.current!, opened).finally(() => setOpening(false));
    setStream(opened);
  };
  const done = expected.every((code) => scanned.includes(code));
  useEffect(() => {
    if (done && stream) setStream(null);
  }, [done]);
  return (
    <fieldset>
      <legend>Package barcodes</legend>
      <ul class="codes">
        {expected.map((code) => (
          <li key={code} class={scanned.includes(code) ? 'done' : ''}>
            {scanned.includes(code) ? '✓ ' : '○ '}
            {code}
          </li>
        ))}
      </ul>
      <video ref={video} muted playsInline hidden={!stream && !opening} class="camera" aria-label="Barcode camera" />
      {!done && (
        <>
          {stream ? (
            <button type="button" class="secondary" onClick={() => setStream(null)}>
              Stop scanning
            </button>
          ) : (
            <button type="button" class="secondary" onClick={start}>
              Scan barcodes
            </button>
          )}
          <label for="typed-code">Or type a code</label>
          <div class="row">
            <input id="typed-code" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
            <button
              type="button"
              class="secondary"
              onClick={() => {
                add(typed);
                setTyped('');
              }}
            >
              Add
            </button>
          </div>
        </>
      )}
      {stray && <p role="alert">Not a package of this task: {stray}</p>}
    </fieldset>
  );
}
