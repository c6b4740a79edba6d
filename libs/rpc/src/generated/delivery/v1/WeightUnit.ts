// Original file: protos/delivery/v1/common.proto

export const WeightUnit = {
  WEIGHT_UNIT_UNSPECIFIED: 'WEIGHT_UNIT_UNSPECIFIED',
  KG: 'KG',
  LB: 'LB',
  G: 'G',
  OZ: 'OZ',
} as const;

export type WeightUnit =
  | 'WEIGHT_UNIT_UNSPECIFIED'
  | 0
  | 'KG'
  | 1
  | 'LB'
  | 2
  | 'G'
  | 3
  | 'OZ'
  | 4

export type WeightUnit__Output = typeof WeightUnit[keyof typeof WeightUnit]
