import fc from 'fast-check';
import { outsideServiceArea, withBoundingBoxes, type ServiceArea } from './service-area';

const area: ServiceArea = {
  postalCodes: [
    { country: 'US', codes: ['10001', '10002'], prefixes: ['112'] },
    { country: 'GB', codes: [], prefixes: ['SW1A'] },
  ],
};

describe('service area', () => {
  it('serves anywhere without one', () => {
    expect(outsideServiceArea(null, { postalCode: '99999', countryCode: 'US' })).toBeNull();
    expect(outsideServiceArea(undefined, null)).toBeNull();
  });

  it('serves listed codes and prefixes of the right country, without case, spaces or dashes', () => {
    expect(outsideServiceArea(area, { postalCode: '10001', countryCode: 'US' })).toBeNull();
    expect(outsideServiceArea(area, { postalCode: '11201', countryCode: 'us' })).toBeNull();
    expect(outsideServiceArea(area, { postalCode: 'sw1a 1aa', countryCode: 'GB' })).toBeNull();
  });

  it('says which postal code is outside, and refuses another country with the same code', () => {
    expect(outsideServiceArea(area, { postalCode: '10003', countryCode: 'US' })).toBe(
      'the fleet does not deliver to postal code 10003 in US',
    );
    expect(outsideServiceArea(area, { postalCode: '10001', countryCode: 'FR' })).toBe(
      'the fleet does not deliver to postal code 10001 in FR',
    );
    expect(outsideServiceArea(area, { postalCode: ' ', countryCode: 'US' })).toMatch(/has no postal code/);
  });
});

/** A closed ring around a box, `[longitude, latitude]`. */
const box = (west: number, south: number, east: number, north: number) => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

describe('service area on the map', () => {
  // Springfield, IL, as a box with a hole (a park it does not enter), and a second town.
  const springfield: ServiceArea = {
    postalCodes: [{ country: 'US', codes: ['62704'], prefixes: [] }],
    areas: [
      { type: 'Polygon', coordinates: [box(-89.75, 39.7, -89.55, 39.85), box(-89.66, 39.79, -89.64, 39.81)] },
      { type: 'MultiPolygon', coordinates: [[box(-88.3, 40.05, -88.1, 40.2)]] },
    ],
  };

  it('decides by the map when the drop-off has coordinates: inside, in a hole, in another polygon, outside', () => {
    expect(outsideServiceArea(springfield, { coordinates: { lat: 39.7817, lng: -89.6501 } })).toBeNull();
    expect(outsideServiceArea(springfield, { coordinates: { lat: 39.8, lng: -89.65 } })).toBe(
      "the drop-off at 39.8, -89.65 is outside the fleet's areas on the map",
    );
    expect(outsideServiceArea(springfield, { coordinates: { lat: 40.1, lng: -88.2 } })).toBeNull();
    // A listed postal code does not bring in a point the map leaves out.
    expect(outsideServiceArea(springfield, { postalCode: '62704', countryCode: 'US', coordinates: { lat: 41.88, lng: -87.63 } })).toMatch(
      /outside the fleet's areas/,
    );
  });

  it('decides by postal code without coordinates, and refuses an address without them when the map is all it has', () => {
    expect(outsideServiceArea(springfield, { postalCode: '62704', countryCode: 'US' })).toBeNull();
    expect(outsideServiceArea({ postalCodes: [], areas: springfield.areas }, { postalCode: '62704', countryCode: 'US' })).toBe(
      "the drop-off address has no coordinates, and the fleet's area is drawn on the map only",
    );
  });

  it('finds every point of a box inside it and every point beyond it outside', () => {
    const area: ServiceArea = { postalCodes: [], areas: [{ type: 'Polygon', coordinates: [box(-10, -5, 20, 15)] }] };
    fc.assert(
      fc.property(
        fc.double({ min: -9.999, max: 19.999, noNaN: true }),
        fc.double({ min: -4.999, max: 14.999, noNaN: true }),
        (lng, lat) => {
          expect(outsideServiceArea(area, { coordinates: { lat, lng } })).toBeNull();
        },
      ),
    );
    fc.assert(
      fc.property(fc.double({ min: 20.001, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }), (lng, lat) => {
        expect(outsideServiceArea(area, { coordinates: { lat, lng } })).not.toBeNull();
      }),
    );
  });
});

describe('service area on the map, indexed', () => {
  it("answers from an area's bounding box before reading its positions", () => {
    // A box stored with a bounding box that leaves the point out: the positions are never read.
    const boxed: ServiceArea = { postalCodes: [], areas: [{ type: 'Polygon', coordinates: [box(0, 0, 10, 10)], bbox: [20, 20, 30, 30] }] };
    expect(outsideServiceArea(boxed, { coordinates: { lat: 5, lng: 5 } })).toMatch(/outside the fleet's areas/);
  });

  it('gives every area the bounding box of its positions, whatever was given, and answers as without it', () => {
    const given: ServiceArea = {
      postalCodes: [],
      areas: [
        { type: 'Polygon', coordinates: [box(-1, -2, 3, 4)], bbox: [0, 0, 0, 0] },
        { type: 'MultiPolygon', coordinates: [[box(10, 10, 11, 11)], [box(-20, 5, -19, 6)]] },
      ],
    };
    const indexed = withBoundingBoxes(given);
    expect(indexed.areas!.map((area) => area.bbox)).toEqual([
      [-1, -2, 3, 4],
      [-20, 5, 11, 11],
    ]);
    const point = fc.record({ lat: fc.double({ min: -30, max: 30, noNaN: true }), lng: fc.double({ min: -30, max: 30, noNaN: true }) });
    const plain: ServiceArea = { postalCodes: [], areas: given.areas!.map(({ bbox: _, ...area }) => area) };
    fc.assert(
      fc.property(point, (at) =>
        expect(outsideServiceArea(indexed, { coordinates: at })).toBe(outsideServiceArea(plain, { coordinates: at })),
      ),
    );
  });
});
