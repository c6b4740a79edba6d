import fc from 'fast-check';
import { FAILURE_CODES } from '@delivery/contracts';
import { failureCodeOfWords } from './failure-reasons';

describe("a network's words of a failure", () => {
  it.each([
    ['NO_SECURE_LOCATION_TO_DROPOFF', 'recipient_unavailable'],
    ['Customer not home', 'recipient_unavailable'],
    ['RECIPIENT_UNAVAILABLE', 'recipient_unavailable'],
    ['No answer at the door', 'recipient_unavailable'],
    ['Wrong address', 'address_not_found'],
    ['ADDRESS_NOT_FOUND', 'address_not_found'],
    ['Gate code did not work', 'access_problem'],
    ['Building locked', 'access_problem'],
    ['Customer refused', 'refused'],
    ['order declined', 'refused'],
    ['Package damaged', 'damaged'],
    ['Recipient under age', 'age_check_failed'],
    ['UNDERAGE', 'age_check_failed'],
    ['No ID', 'id_check_failed'],
    ['wrong PIN', 'id_check_failed'],
    ['Vehicle breakdown', 'weather_or_vehicle'],
    ['bad weather', 'weather_or_vehicle'],
    ['NONE', 'other'],
    ['Package too large for the garage', 'other'],
  ])('reads %s as %s', (words, code) => {
    expect(failureCodeOfWords(words)).toBe(code);
  });

  it('reads the next words when the first say nothing of ours, and gives other for none', () => {
    expect(failureCodeOfWords('NONE', 'nobody answered the buzzer')).toBe('recipient_unavailable');
    expect(failureCodeOfWords(undefined, null, '')).toBe('other');
  });

  it('answers one of our codes for any words at all', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string(), { nil: undefined })), (words) => FAILURE_CODES.includes(failureCodeOfWords(...words))),
    );
  });
});
