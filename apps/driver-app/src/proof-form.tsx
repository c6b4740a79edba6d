import { useState } from 'preact/hooks';
import { BarcodeField } from './barcode-field';
import { PhotoField } from './photo-field';
import { SignatureField } from './signature-field';
import type { DriverTask } from './types';

/** What the driver took at the door; the uploads are sent before the completion that names them. */
export interface TakenProof {
  photo: Blob | null;
  signature: Blob | null;
  fields: {
    recipient_name?: string;
    note?: string;
    pin?: string;
    id_checked?: boolean;
    recipient_birth_date?: string;
    barcodes?: string[];
  };
}

/**
 * The drop-off's proof, as its requirements ask: the form shows what the task requires, and
 * the server judges it (what it says is missing is shown on the task).
 */
export function ProofForm({ task, submit }: { task: DriverTask; submit: (proof: TakenProof) => void }) {
  const kinds: readonly string[] = task.requirements.kinds;
  const expected = task.packages.map((p) => p.tracking_number);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [signature, setSignature] = useState<Blob | null>(null);
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [pin, setPin] = useState('');
  const [idChecked, setIdChecked] = useState(false);
  const [birthDate, setBirthDate] = useState('');
  const [barcodes, setBarcodes] = useState<string[]>([]);
  const send = (event: Event) => {
    event.preventDefault();
    submit({
      photo,
      signature,
      fields: {
        ...(name && { recipient_name: name }),
        ...(note && { note }),
        ...(kinds.includes('pin') && { pin }),
        ...(kinds.includes('id_check') && { id_checked: idChecked }),
        ...(kinds.includes('minimum_age') && birthDate && { recipient_birth_date: birthDate }),
        ...(kinds.includes('barcode_scan') && { barcodes }),
      },
    });
  };
  const required = (kind: string) => (kinds.includes(kind) ? ' (required)' : '');
  return (
    <form class="proof" onSubmit={send} aria-label="Proof of delivery">
      {kinds.includes('barcode_scan') && <BarcodeField expected={expected} scanned={barcodes} changed={setBarcodes} />}
      {kinds.includes('pin') && (
        <>
          <label for="pin">PIN the recipient gives{required('pin')}</label>
          <input id="pin" inputMode="numeric" autocomplete="off" value={pin} onInput={(e) => setPin(e.currentTarget.value)} />
        </>
      )}
      {kinds.includes('id_check') && (
        <label class="check">
          <input type="checkbox" checked={idChecked} onChange={(e) => setIdChecked(e.currentTarget.checked)} />I checked the recipient's ID
          {required('id_check')}
        </label>
      )}
      {kinds.includes('minimum_age') && (
        <>
          <label for="birth-date">
            Birth date on the ID (must be {task.requirements.minimum_age} or older){required('minimum_age')}
          </label>
          <input id="birth-date" type="date" value={birthDate} onInput={(e) => setBirthDate(e.currentTarget.value)} />
        </>
      )}
      <PhotoField changed={setPhoto} />
      {kinds.includes('photo') && !photo && <p class="hint">A photo is required.</p>}
      <SignatureField changed={setSignature} />
      {kinds.includes('signature') && !signature && <p class="hint">A signature is required.</p>}
      <label for="recipient-name">Received by</label>
      <input id="recipient-name" autocomplete="off" value={name} onInput={(e) => setName(e.currentTarget.value)} />
      <label for="note">Note</label>
      <input id="note" value={note} onInput={(e) => setNote(e.currentTarget.value)} />
      <button type="submit">Complete delivery</button>
    </form>
  );
}
