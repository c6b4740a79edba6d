/** Times as a person reads them, in their own time zone. */
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
