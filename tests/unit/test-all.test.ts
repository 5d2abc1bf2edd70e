import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDuration, STEPS, timingTable } from '../../scripts/test-all.mjs';

describe('npm test', () => {
  it('runs every check script of package.json, builds before what reads the builds', () => {
    const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>);
    for (const step of STEPS) expect(scripts).toContain(step);
    expect(STEPS.indexOf('build')).toBeLessThan(STEPS.indexOf('test:crawl'));
    expect(STEPS.indexOf('build:test')).toBeLessThan(STEPS.indexOf('test:e2e'));
    expect(STEPS.at(-1)).toBe('test:e2e');
  });

  it('prints durations in seconds, then minutes and seconds', () => {
    expect(formatDuration(42_300)).toBe('42.3 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
    expect(formatDuration(59_960)).toBe('1 min 00 s');
    expect(formatDuration(701_000)).toBe('11 min 41 s');
  });

  it('prints one line per step that ran, marks a failure, and the total', () => {
    const table = timingTable([
      { step: 'lint', ms: 42_300, ok: true },
      { step: 'test:e2e', ms: 701_000, ok: false },
    ]);
    expect(table.split('\n')).toEqual([
      'Step times:',
      '  lint      42.3 s',
      '  test:e2e  11 min 41 s  FAILED',
      '  total     12 min 23 s',
    ]);
  });
});
