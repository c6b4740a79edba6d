// Original file: protos/delivery/v1/notifier.proto


export interface PreviewMessageReply {
  'subject'?: (string);
  'text'?: (string);
  'html'?: (string);
  'segments'?: (number);
  '_subject'?: "subject";
  '_html'?: "html";
  '_segments'?: "segments";
}

export interface PreviewMessageReply__Output {
  'subject'?: (string);
  'text': (string);
  'html'?: (string);
  'segments'?: (number);
  '_subject'?: "subject";
  '_html'?: "html";
  '_segments'?: "segments";
}
