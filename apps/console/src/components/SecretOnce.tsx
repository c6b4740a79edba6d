import { useState } from 'react';

/** A secret shown once: copy buttons, and a plain warning that it will not be shown again. */
export function SecretOnce({ title, fields, onDone }: { title: string; fields: { label: string; value: string }[]; onDone: () => void }) {
  return (
    <section className="secret-once" role="status" aria-labelledby="secret-once-title">
      <h3 id="secret-once-title">{title}</h3>
      <p className="warning">
        <strong>Copy the secret now: you will not see it again.</strong> If you lose it, replace it with a new one.
      </p>
      <dl>
        {fields.map((field) => (
          <SecretField key={field.label} {...field} />
        ))}
      </dl>
      <button type="button" onClick={onDone}>
        I have copied it
      </button>
    </section>
  );
}

function SecretField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <code data-testid={label}>{value}</code>{' '}
        <button type="button" onClick={copy} aria-label={`Copy ${label}`}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </dd>
    </>
  );
}
