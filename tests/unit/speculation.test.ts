import { describe, expect, it } from 'vitest';
import { NEVER_SPECULATED, speculationRules, type SpeculationRules } from '../../src/lib/speculation';

type Predicate = SpeculationRules['prefetch'][number]['where'];

/** Every URL pattern a rule names, wherever it sits in the predicate. */
function patterns(predicate: Predicate): string[] {
  if ('href_matches' in predicate) return [predicate.href_matches].flat();
  if ('not' in predicate) return patterns(predicate.not);
  if ('and' in predicate) return predicate.and.flatMap(patterns);
  return [];
}

/** The patterns a rule excludes (under `not`). */
const excluded = (predicate: Predicate): string[] =>
  'and' in predicate ? predicate.and.flatMap((p) => ('not' in p ? patterns(p.not) : [])) : [];

describe('speculationRules', () => {
  const rules = speculationRules(['/pricing', '/member-management', '/pricing']);

  it('prefetches every page link of this origin, on hover or pointer-down', () => {
    expect(rules.prefetch).toHaveLength(1);
    const [rule] = rules.prefetch;
    expect(rule!.eagerness).toBe('moderate');
    expect(patterns(rule!.where)).toContain('/*');
  });

  it('prerenders the given pages only, once each', () => {
    const [rule] = rules.prerender;
    expect(rule!.eagerness).toBe('moderate');
    const and = 'and' in rule!.where ? rule!.where.and : [];
    expect(and[0]).toEqual({ href_matches: ['/member-management', '/pricing'] });
  });

  it('never fetches the API, the CMS, the thank-you page or files ahead, in either rule', () => {
    for (const rule of [...rules.prefetch, ...rules.prerender]) {
      expect(excluded(rule.where)).toEqual([...NEVER_SPECULATED]);
      expect(excluded(rule.where)).toEqual(expect.arrayContaining(['/api/*', '/cms/*', '/thank-you']));
    }
  });

  it('names paths of this origin only: no scheme, no host', () => {
    for (const rule of [...rules.prefetch, ...rules.prerender]) {
      for (const pattern of patterns(rule.where)) expect(pattern).toMatch(/^\/(?!\/)/);
    }
  });

  it('prerenders nothing that is not a plain page path', () => {
    const odd = speculationRules(['https://elsewhere.example/', '//elsewhere.example/x', '/api/leads', '/a?b', '']);
    expect(odd.prerender).toEqual([]);
    expect(speculationRules([]).prerender).toEqual([]);
  });
});
