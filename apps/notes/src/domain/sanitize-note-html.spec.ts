import { sanitizeNoteHtml } from './sanitize-note-html';

describe('note HTML', () => {
  it('keeps formatting and http(s) links', () => {
    expect(sanitizeNoteHtml('<b>Gate</b> code <i>4521</i>, <a href="https://maps.example/x">map</a>')).toBe(
      '<b>Gate</b> code <i>4521</i>, <a href="https://maps.example/x" rel="noopener noreferrer nofollow" target="_blank">map</a>',
    );
  });

  it.each([
    ['a script', '<script>alert(1)</script>Ring twice', 'Ring twice'],
    ['an event handler', '<img src=x onerror="alert(1)">Back door', 'Back door'],
    ['a javascript: link', '<a href="javascript:alert(1)">click</a>', '<a rel="noopener noreferrer nofollow" target="_blank">click</a>'],
    ['an inline style and iframe', '<p style="x:expression(1)">Hi<iframe src="https://evil"></iframe></p>', '<p>Hi</p>'],
    ['a data: link', '<a href="data:text/html,<script>">x</a>', '<a rel="noopener noreferrer nofollow" target="_blank">x</a>'],
  ])('removes %s', (_, dirty, clean) => {
    expect(sanitizeNoteHtml(dirty)).toBe(clean);
  });
});
