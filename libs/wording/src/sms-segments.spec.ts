import fc from 'fast-check';
import { smsLength } from './sms-segments';

describe('SMS length in segments', () => {
  it('counts GSM-7 text in septets: 160 in one segment, 153 a segment beyond', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsLength('a'.repeat(306))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });

  it('counts the extension table’s characters twice', () => {
    expect(smsLength('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength(`${'€'.repeat(80)}a`).segments).toBe(2);
  });

  it('falls back to UCS-2 for any other character: 70 in one segment, 67 beyond', () => {
    expect(smsLength('Votre commande arrive à 14:35 ✓')).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(smsLength('ł'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsLength('ł'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    // An emoji is two UTF-16 code units.
    expect(smsLength('👍').units).toBe(2);
  });

  it('keeps French, Spanish and German accents of the GSM alphabet in GSM-7', () => {
    expect(smsLength('Votre commande est livrée. ¿Qué tal? Grüße').encoding).toBe('GSM-7');
  });

  it('needs at least one segment per 160 septets, and never more than one per 67 units', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const { units, segments } = smsLength(text);
        expect(segments).toBeGreaterThanOrEqual(Math.max(1, Math.ceil(units / 160)));
        expect(segments).toBeLessThanOrEqual(Math.max(1, Math.ceil(units / 67)));
      }),
    );
  });
});
