export * from './default-templates';
export * from './template-variables';
export * from './render-wording';
export * from './sms-segments';
export * from './wording-for';
export * from './wording-limits';
export * from './wording-engine';
