import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { useAction } from '../use-action';
import type { ConsoleBrandView } from '../types';
import { useLoad } from '../use-load';

/** The account's colour and logo on the recipient's tracking page and in its e-mails. */
export function BrandSection({ canChange }: { canChange: boolean }) {
  const brand = useLoad(() => api<ConsoleBrandView>('GET', '/brand'));
  return (
    <section aria-labelledby="brand-title">
      <h3 id="brand-title">Brand</h3>
      <ErrorMessage error={brand.error} />
      {brand.data && <BrandForm key={JSON.stringify(brand.data)} data={brand.data} canChange={canChange} reload={brand.reload} />}
    </section>
  );
}

function BrandForm({ data, canChange, reload }: { data: ConsoleBrandView; canChange: boolean; reload: () => Promise<unknown> }) {
  const [colour, setColour] = useState(data.brand?.colour ?? '#1f6feb');
  const [logo, setLogo] = useState(data.brand?.logo_url ?? '');
  const { error, act } = useAction(reload);
  const save = (event: FormEvent) => {
    event.preventDefault();
    void act(() => api('PUT', '/brand', { colour, logo_url: logo.trim() || null }));
  };
  return (
    <form onSubmit={save} aria-label="Brand">
      <label htmlFor="brand-colour">Colour</label>
      <input id="brand-colour" value={colour} disabled={!canChange} onChange={(e) => setColour(e.target.value)} />
      <label htmlFor="brand-logo">Logo (an https image address)</label>
      <input id="brand-logo" value={logo} disabled={!canChange} onChange={(e) => setLogo(e.target.value)} />
      {canChange && <button type="submit">Save brand</button>}
      <ErrorMessage error={error} />
    </form>
  );
}
