// Original file: protos/delivery/v1/common.proto


export interface TimeWindow {
  'startTime'?: (string);
  'endTime'?: (string);
}

export interface TimeWindow__Output {
  'startTime': (string);
  'endTime': (string);
}
