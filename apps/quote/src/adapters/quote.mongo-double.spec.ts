import { MongoDouble } from '@delivery/testing/mongo';
import { aStoredQuote } from '../testing/quote.fixture';
import { MongoQuoteRepository } from './quote.mongo-repository';
import { describeQuoteRepositoryContract } from './quote.repository.contract';

// The MongoDB adapter's own models and mapping over a stand-in for the server (README, "MongoDB without a server").
describeQuoteRepositoryContract('mongo over the double', () => MongoQuoteRepository.open(new MongoDouble().connection()));

describe('MongoDB quotes: a crash between two writes', () => {
  const before = new Date('2026-11-23T09:10:00.000Z');
  const after = new Date('2026-11-23T09:40:00.000Z');
  const window = { startTime: '2026-11-24T08:00:00.000Z', endTime: '2026-11-24T10:00:00.000Z' };
  const setUp = async () => {
    const double = new MongoDouble();
    const quotes = await MongoQuoteRepository.open(double.connection());
    const quote = aStoredQuote({ accountId: 'acc_crash', capacity: 1, pickupWindow: window });
    await quotes.saveIssued([quote], []);
    return { double, quotes, quote, placesTaken: () => quotes.reservedInWindow('acc_crash', 1, window.startTime) };
  };

  it('gives back the place of a reservation cut off after taking it, once its quote has expired unreserved', async () => {
    const { double, quotes, quote, placesTaken } = await setUp();
    // The quote is marked (1st updateOne), its place taken, then the reservation (2nd) is cut off.
    double.collection('quotes').failCall('updateOne', 1);
    await expect(quotes.reserve('acc_crash', quote.id, 'k', before, [])).rejects.toThrow(/dropped/);
    expect(await placesTaken()).toBe(1);
    // Before it expires, it may yet be reserved: its place is left alone.
    expect(await quotes.returnLostPlaces(before)).toBe(0);
    expect(await placesTaken()).toBe(1);
    expect(await quotes.returnLostPlaces(after)).toBe(1);
    expect(await placesTaken()).toBe(0);
    await quotes.close();
  });

  it('a retried reservation keeps the one place its quote took', async () => {
    const { double, quotes, quote, placesTaken } = await setUp();
    double.collection('quotes').failCall('updateOne', 1);
    await expect(quotes.reserve('acc_crash', quote.id, 'k', before, [])).rejects.toThrow(/dropped/);
    expect(await quotes.reserve('acc_crash', quote.id, 'k', before, [])).toMatchObject({ outcome: 'reserved' });
    expect(await placesTaken()).toBe(1);
    expect(await quotes.returnLostPlaces(after)).toBe(0);
    expect(await placesTaken()).toBe(1);
    await quotes.close();
  });

  it('gives back the place of a released hold cut off before giving it back', async () => {
    const { double, quotes, quote, placesTaken } = await setUp();
    await quotes.reserve('acc_crash', quote.id, 'k', before, []);
    double.collection('quote_windows').failCall('updateOne');
    await expect(quotes.settle('acc_crash', quote.id, 'k', 'released', before)).rejects.toThrow(/dropped/);
    expect(await placesTaken()).toBe(1);
    expect(await quotes.returnLostPlaces(before)).toBe(1);
    expect(await placesTaken()).toBe(0);
    expect((await quotes.find('acc_crash', quote.id))?.reservation?.status).toBe('released');
    await quotes.close();
  });
});
