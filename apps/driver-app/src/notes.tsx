import type { NoteView } from '@delivery/contracts';

/**
 * The notes for the driver at a stop, as the caller left them: text, a table, or HTML (the
 * notes service sanitized it when it was written, as the console shows it).
 */
export function StopNotes({ notes }: { notes: NoteView[] }) {
  if (notes.length === 0) return null;
  return (
    <ul class="notes" aria-label="Notes for the driver">
      {notes.map((note) => (
        <li key={note.id}>
          {typeof note.note === 'string' ? (
            note.type === 2 ? (
              <span class="html-note" dangerouslySetInnerHTML={{ __html: note.note }} />
            ) : (
              note.note
            )
          ) : (
            <table>
              <tbody>
                {note.note.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) => (
                      <td key={j}>{cell === null ? '' : String(cell)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </li>
      ))}
    </ul>
  );
}
