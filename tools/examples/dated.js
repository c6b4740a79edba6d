/**
 * An example request with its dates moved to now: `node tools/examples/dated.js FILE` prints
 * FILE with every date-time in it shifted by one amount, so that the earliest falls an hour
 * from now (to the minute) and the others keep their distance to it, each written in its own
 * offset and precision. The README's walkthroughs post what it prints: an example's fixed
 * dates would make every demo order late the moment it is made.
 */
'use strict';
const { readFileSync } = require('node:fs');

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;
const LEAD_MS = 60 * 60_000;
const MINUTE_MS = 60_000;

/** A date-time's instant and how it is written; null for any other text. */
function readDateTime(text) {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction = '', zone] = match;
  const offsetMinutes = !zone || zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const millis = fraction ? Math.floor(Number(`0${fraction}`) * 1000) : 0;
  const local = Date.UTC(+year, +month - 1, +day, +hour, +minute, Number(second ?? 0), millis);
  return { ms: local - offsetMinutes * MINUTE_MS, offsetMinutes, fraction, zone: zone ?? '', seconds: second !== undefined };
}

/** An instant written as `like` was: same offset, seconds and fraction digits. */
function writeDateTime(ms, like) {
  const local = new Date(ms + like.offsetMinutes * MINUTE_MS).toISOString();
  const digits = like.fraction.length - 1;
  const fraction = digits > 0 ? `.${`${local.slice(20, 23)}${'0'.repeat(digits)}`.slice(0, digits)}` : '';
  return `${local.slice(0, 16)}${like.seconds ? local.slice(16, 19) : ''}${fraction}${like.zone}`;
}

/** Every date-time string in a JSON value, read. */
function dateTimesIn(value, found = []) {
  if (typeof value === 'string') {
    const read = readDateTime(value);
    if (read) found.push(read);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) dateTimesIn(item, found);
  }
  return found;
}

/** The JSON value with its date-times shifted together, the earliest to an hour after `now`, rounded up to the minute. */
function dated(value, now) {
  const instants = dateTimesIn(value).map((read) => read.ms);
  if (instants.length === 0) return value;
  const target = Math.ceil((now.getTime() + LEAD_MS) / MINUTE_MS) * MINUTE_MS;
  const shift = target - Math.min(...instants);
  const walk = (item) => {
    if (typeof item === 'string') {
      const read = readDateTime(item);
      return read ? writeDateTime(read.ms + shift, read) : item;
    }
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value);
}

module.exports = { dated, readDateTime, writeDateTime };

if (require.main === module) {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node tools/examples/dated.js FILE.json');
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(dated(JSON.parse(readFileSync(file, 'utf8')), new Date()), null, 2)}\n`);
}
