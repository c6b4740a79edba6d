/** Times as a person reads them, in their own time zone. */
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Money in one unit per page: major units of its currency, whether the API gave minor units (fees) or major ones (charges). */
export function money(amount: number | null | undefined, currency: string | null | undefined, unit: 'minor' | 'major'): string {
  if (amount == null || !currency) return '—';
  const major = unit === 'minor' ? amount / 100 : amount;
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(major);
  } catch {
    return `${major.toFixed(2)} ${currency}`;
  }
}
