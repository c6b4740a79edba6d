/** The units we compute with: weights in kilograms, dimensions in centimetres (docs/decisions.md). */
export const WEIGHT_UNITS = ['KG', 'LB', 'G', 'OZ'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Every spelling of a weight unit we read, upper case without spaces or dots. */
export const WEIGHT_UNIT_SPELLINGS: Record<string, WeightUnit> = {
  KG: 'KG',
  KGS: 'KG',
  KILO: 'KG',
  KILOS: 'KG',
  KILOGRAM: 'KG',
  KILOGRAMS: 'KG',
  G: 'G',
  GR: 'G',
  GRAM: 'G',
  GRAMS: 'G',
  LB: 'LB',
  LBS: 'LB',
  POUND: 'LB',
  POUNDS: 'LB',
  OZ: 'OZ',
  OUNCE: 'OZ',
  OUNCES: 'OZ',
};

export const DIMENSION_UNITS = ['IN', 'CM', 'MM', 'FT', 'M'] as const;
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];

export const DIMENSION_UNIT_SPELLINGS: Record<string, DimensionUnit> = {
  IN: 'IN',
  INCH: 'IN',
  INCHES: 'IN',
  CM: 'CM',
  CENTIMETER: 'CM',
  CENTIMETERS: 'CM',
  CENTIMETRE: 'CM',
  CENTIMETRES: 'CM',
  MM: 'MM',
  MILLIMETER: 'MM',
  MILLIMETERS: 'MM',
  MILLIMETRE: 'MM',
  MILLIMETRES: 'MM',
  FT: 'FT',
  FOOT: 'FT',
  FEET: 'FT',
  M: 'M',
  METER: 'M',
  METERS: 'M',
  METRE: 'M',
  METRES: 'M',
};

const KG_PER_UNIT: Record<WeightUnit, number> = { KG: 1, LB: 0.45359237, G: 0.001, OZ: 0.028349523125 };
const CM_PER_UNIT: Record<DimensionUnit, number> = { IN: 2.54, CM: 1, MM: 0.1, FT: 30.48, M: 100 };

/** Weights are kept in kilograms, to the gram. */
export function toKilograms(value: number, unit: WeightUnit): number {
  return Math.round(value * KG_PER_UNIT[unit] * 1000) / 1000;
}

/** Dimensions are kept in centimetres, to the millimetre. */
export function toCentimetres(value: number, unit: DimensionUnit): number {
  return Math.round(value * CM_PER_UNIT[unit] * 10) / 10;
}
