import { useEffect, useRef } from 'preact/hooks';
import SignaturePad from 'signature_pad';

/** The recipient signs on the screen (signature_pad); `changed` gets the PNG, or null once cleared. */
export function SignatureField({ changed }: { changed: (png: Blob | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  useEffect(() => {
    const element = canvas.current!;
    // Drawn at the screen's density, so the strokes stay sharp on a phone.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')!.scale(ratio, ratio);
    const signature = new SignaturePad(element, { backgroundColor: 'rgb(255,255,255)' });
    signature.addEventListener('endStroke', () => element.toBlob((png) => changed(png), 'image/png'));
    pad.current = signature;
    return () => signature.off();
  }, []);
  const clear = () => {
    pad.current?.clear();
    changed(null);
  };
  return (
    <fieldset>
      <legend>Signature</legend>
      <canvas ref={canvas} class="signature" aria-label="Sign here" role="img" />
      <button type="button" class="secondary" onClick={clear}>
        Clear signature
      </button>
    </fieldset>
  );
}
