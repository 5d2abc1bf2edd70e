import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASTRO_STEPS, formatDuration, STAGES, STEPS, timingTable } from '../../scripts/test-all.mjs';

describe('npm test', () => {
  it('runs every check script of package.json, builds before what reads the builds', () => {
    const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>);
    for (const step of STEPS) expect(scripts).toContain(step);
    /** Where a step runs: its stage, its lane in that stage and its place in that lane. */
    const place = (step: string) => {
      const stage = STAGES.findIndex((lanes) => lanes.flat().includes(step));
      const lane = STAGES[stage]!.findIndex((steps) => steps.includes(step));
      return { stage, lane, index: STAGES[stage]![lane]!.indexOf(step) };
    };
    // What reads a build runs after it: in a later stage, or later in the build's own lane, never beside it.
    const after = (build: string, reader: string) => {
      const [b, r] = [place(build), place(reader)];
      return b.stage < r.stage || (b.stage === r.stage && b.lane === r.lane && b.index < r.index);
    };
    for (const reader of [
      'test:html',
      'test:crawl',
      'test:budgets',
      'test:layout',
      'test:rebrand',
      'test:worker',
      'test:e2e',
    ]) {
      expect(after('build', reader), reader).toBe(true);
    }
    for (const reader of ['test:rebrand', 'test:crawl', 'test:budgets', 'test:worker', 'test:e2e']) {
      expect(after('build:test', reader), reader).toBe(true);
    }
    expect(after('build:test', 'build')).toBe(false);
    // The browser tests run alone and last: timing-sensitive, they get the whole machine.
    expect(STAGES.at(-1)).toEqual([['test:e2e']]);
    expect(new Set(STEPS).size).toBe(STEPS.length);
  });

  it('never runs two Astro builds at once: they share the content cache', () => {
    // The steps of one lane run one after the other: only two lanes of a stage could build at once.
    for (const stage of STAGES) {
      expect(stage.filter((lane) => lane.some((step) => ASTRO_STEPS.includes(step))).length).toBeLessThan(2);
    }
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    // Every step whose script builds or syncs is listed (a new one is caught here).
    for (const step of STEPS) {
      const script = scripts[step]!;
      const file = /^node (scripts\/[\w-]+\.mjs)/.exec(script)?.[1];
      const builds =
        /astro (build|check|sync)/.test(script) ||
        (file && /'astro'|astro['"], \['build'|'build', '--'/.test(readFileSync(file, 'utf8')));
      if (builds) expect(ASTRO_STEPS, step).toContain(step);
    }
    // The unit tests run beside a build: none of them runs Astro.
    for (const file of readdirSync('tests/unit')) {
      expect(readFileSync(`tests/unit/${file}`, 'utf8'), file).not.toMatch(/\.bin\/astro|['"]astro['"], \[/);
    }
  });

  it('prints durations in seconds, then minutes and seconds', () => {
    expect(formatDuration(42_300)).toBe('42.3 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
    expect(formatDuration(59_960)).toBe('1 min 00 s');
    expect(formatDuration(701_000)).toBe('11 min 41 s');
  });

  it('prints one line per step that ran, marks a failure, and the total time taken', () => {
    const table = timingTable(
      [
        { step: 'lint', ms: 42_300, ok: true },
        { step: 'check', ms: 40_000, ok: true },
        { step: 'test:e2e', ms: 701_000, ok: false },
      ],
      743_300,
    );
    expect(table.split('\n')).toEqual([
      'Step times:',
      '  lint      42.3 s',
      '  check     40.0 s',
      '  test:e2e  11 min 41 s  FAILED',
      '  total     12 min 23 s',
    ]);
  });
});
