import { zplToSvg } from './zpl-preview';

const LABEL = [
  '^XA',
  '^PW812',
  '^LL1218',
  '^FO40,40^A0N,44,44^FH^FDAcme _5E Sons <& Co>^FS',
  '^FO40,720^BY3',
  '^BCN,200,Y,N,N^FH^FD900000000000000001^FS',
  '^XZ',
].join('\n');

describe('the label drawn from its ZPL', () => {
  it('draws one image per label, its size in dots, text where ZPL puts it with escapes undone and XML escaped', () => {
    const [svg, ...more] = zplToSvg(`${LABEL}\n${LABEL}`);
    expect(more).toHaveLength(1);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 812 1218" width="406" height="609"/);
    expect(svg).toContain('<text x="40" y="75.2" font-family="sans-serif" font-size="44">Acme ^ Sons &lt;&amp; Co&gt;</text>');
  });

  it('draws the Code 128 barcode at its origin, 3 dots a module and 200 high, with its text beneath', () => {
    const [svg] = zplToSvg(LABEL);
    // 18 digits in code set C: start, 9 pairs and the check (11 modules each) and the stop (13).
    expect(svg).toMatch(/<svg x="40" y="720" width="402" height="200" preserveAspectRatio="none" viewBox="0 0 134 /);
    expect(svg).toContain('>900000000000000001</text>');
  });

  it('draws nothing for text that is no label', () => {
    expect(zplToSvg('hello')).toEqual([]);
  });
});
