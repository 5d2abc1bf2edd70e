import { describe, expect, it } from 'vitest';
import { CHAT_TOPICS, EVENTS, ctaEvent, optedOut, reportedUrl, vitalsProps } from '../../src/lib/analytics';
import { OFFER_DISMISSED_KEY, recall, remember } from '../../src/lib/visit-memory';

describe('who is tracked', () => {
  it('nobody who sends Global Privacy Control or Do Not Track', () => {
    expect(optedOut({ globalPrivacyControl: true })).toBe(true);
    expect(optedOut({ doNotTrack: '1' })).toBe(true);
    expect(optedOut({ doNotTrack: 'yes' })).toBe(true);
    expect(optedOut({ windowDoNotTrack: '1' })).toBe(true);
  });
  it('everyone else', () => {
    expect(optedOut({})).toBe(false);
    expect(optedOut({ globalPrivacyControl: false, doNotTrack: '0', windowDoNotTrack: null })).toBe(false);
    expect(optedOut({ doNotTrack: 'unspecified' })).toBe(false);
  });
});

describe('what a call to action sends', () => {
  it('names the event of its kind, with location or topic', () => {
    expect(ctaEvent('demo', { location: 'hero', topic: 'x' })).toEqual({
      name: EVENTS.demo,
      props: { location: 'hero' },
    });
    expect(ctaEvent('start', { location: 'header' })).toEqual({ name: EVENTS.start, props: { location: 'header' } });
    expect(ctaEvent('chat', { location: 'pricing', topic: CHAT_TOPICS.plusUpgrade })).toEqual({
      name: EVENTS.chat,
      props: { topic: 'plus-upgrade' },
    });
    expect(ctaEvent('video', { location: 'x' })).toEqual({ name: EVENTS.videoPlayed });
  });
  it('nothing for an element that is not one', () => {
    expect(ctaEvent(null, {})).toBe(null);
    expect(ctaEvent('toString', {})).toBe(null);
    expect(ctaEvent('download', { location: 'x' })).toBe(null);
  });
});

describe('the URL an event reports', () => {
  it('keeps utm_* parameters and drops the rest of the query and the fragment', () => {
    expect(reportedUrl('https://s.example/pricing?utm_source=mail&q=asha&UTM_Medium=x&phone=98#plans')).toBe(
      'https://s.example/pricing?utm_source=mail&UTM_Medium=x',
    );
    expect(reportedUrl('https://s.example/?name=asha')).toBe('https://s.example/');
  });
});

describe('the Web Vitals props', () => {
  it('whole milliseconds for times, three decimals for CLS, only the metrics measured', () => {
    expect(
      vitalsProps([
        { name: 'LCP', value: 1234.56 },
        { name: 'CLS', value: 0.01234 },
        { name: 'FCP', value: 800.4 },
        { name: 'TTFB', value: 95.5 },
        { name: 'FID', value: 3 },
        { name: 'INP', value: Number.NaN },
      ]),
    ).toEqual({ lcp: '1235', cls: '0.012', fcp: '800', ttfb: '96' });
  });
});

describe('visit memory', () => {
  it('remembers a dismissal for the visit', () => {
    const store = new Map<string, string>();
    const fake = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const storage = () => fake as unknown as Storage;
    expect(recall(storage, OFFER_DISMISSED_KEY)).toBe(false);
    remember(storage, OFFER_DISMISSED_KEY);
    expect(recall(storage, OFFER_DISMISSED_KEY)).toBe(true);
  });
  it('works as a first visit when storage throws', () => {
    const refused = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(() => remember(refused, OFFER_DISMISSED_KEY)).not.toThrow();
    expect(recall(refused, OFFER_DISMISSED_KEY)).toBe(false);
  });
});
