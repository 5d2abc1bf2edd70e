import { describe, expect, it } from 'vitest';
import {
  buildReport,
  formatAge,
  formatReport,
  isMissingTable,
  reportQueries,
  type ReportRows,
} from '../../scripts/leads.mjs';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const SOURCE = 'local state in .wrangler/state';

/** Rows as the queries return them: two pending leads, one dead, none sent. */
function sampleRows(extra: Partial<ReportRows> = {}): ReportRows {
  return {
    counts: [
      { state: 'dead', count: 1 },
      { state: 'pending', count: 2 },
    ],
    oldestPending: [{ oldest_created_at: NOW - 200_000 }],
    lastErrors: [
      { id: 'lead-a', state: 'pending', last_status: 503, last_error: 'CRM answered 503', updated_at: NOW - 60_000 },
      { id: 'lead-b', state: 'dead', last_status: 400, last_error: 'invalid mobile', updated_at: NOW - 3_600_000 },
    ],
    ...extra,
  };
}

const contacts: NonNullable<ReportRows['contacts']> = [
  {
    id: 'lead-b',
    state: 'dead',
    form: 'popup',
    attempts: 8,
    created_at: NOW - 86_400_000,
    name: 'Asha Rao',
    mobile: '+91 98450 11111',
    last_status: 400,
    last_error: 'invalid mobile',
  },
  {
    id: 'lead-a',
    state: 'pending',
    form: 'contact-modal',
    attempts: 2,
    created_at: NOW - 200_000,
    name: 'Ravi Kumar',
    mobile: '+91 98450 22222',
    last_status: null,
    last_error: null,
  },
];

describe('buildReport', () => {
  it('counts every state, a missing one as 0', () => {
    const report = buildReport(sampleRows(), { now: NOW, source: SOURCE });
    expect(report.counts).toEqual({ pending: 2, sent: 0, dead: 1 });
    expect(buildReport({ counts: [], oldestPending: [], lastErrors: [] }, { now: NOW, source: SOURCE }).counts).toEqual(
      { pending: 0, sent: 0, dead: 0 },
    );
  });

  it('gives the age of the oldest pending lead in seconds, or null when none waits', () => {
    expect(buildReport(sampleRows(), { now: NOW, source: SOURCE }).oldestPendingAgeS).toBe(200);
    const none = buildReport(sampleRows({ oldestPending: [{ oldest_created_at: null }] }), {
      now: NOW,
      source: SOURCE,
    });
    expect(none.oldestPendingAgeS).toBeNull();
    expect(buildReport(sampleRows({ oldestPending: [] }), { now: NOW, source: SOURCE }).oldestPendingAgeS).toBeNull();
  });

  it('picks the most recent error, whatever the order of the rows', () => {
    const rows = sampleRows();
    for (const lastErrors of [rows.lastErrors, [...rows.lastErrors].reverse()]) {
      const report = buildReport({ ...rows, lastErrors }, { now: NOW, source: SOURCE });
      expect(report.lastError).toEqual({
        id: 'lead-a',
        state: 'pending',
        status: 503,
        error: 'CRM answered 503',
        at: new Date(NOW - 60_000).toISOString(),
        ageS: 60,
      });
    }
    expect(buildReport(sampleRows({ lastErrors: [] }), { now: NOW, source: SOURCE }).lastError).toBeNull();
  });

  it('lists leads only when the rows hold contacts', () => {
    expect(buildReport(sampleRows(), { now: NOW, source: SOURCE })).not.toHaveProperty('leads');
    const report = buildReport(sampleRows({ contacts }), { now: NOW, source: SOURCE });
    expect(report.leads).toHaveLength(2);
    expect(report.leads?.[0]).toEqual({
      id: 'lead-b',
      state: 'dead',
      form: 'popup',
      attempts: 8,
      createdAt: new Date(NOW - 86_400_000).toISOString(),
      name: 'Asha Rao',
      mobile: '+91 98450 11111',
      lastStatus: 400,
      lastError: 'invalid mobile',
    });
  });
});

describe('formatAge', () => {
  it.each([
    [null, 'none'],
    [0, '0 s'],
    [45, '45 s'],
    [60, '1 min'],
    [200, '3 min 20 s'],
    [3599, '59 min 59 s'],
    [3600, '1 h'],
    [7500, '2 h 5 min'],
    [86_400 * 3 + 3600 * 4 + 59, '3 d 4 h'],
    [12.9, '12 s'],
  ])('%s s reads "%s"', (seconds, text) => {
    expect(formatAge(seconds)).toBe(text);
  });
});

describe('formatReport', () => {
  it('shows the three counts, the oldest pending age and the last error', () => {
    const text = formatReport(buildReport(sampleRows(), { now: NOW, source: SOURCE }));
    expect(text).toMatch(/^Pending +2$/m);
    expect(text).toMatch(/^Sent +0$/m);
    expect(text).toMatch(/^Dead-lettered +1$/m);
    expect(text).toMatch(/^Oldest pending +3 min 20 s$/m);
    expect(text).toMatch(/^Last error +HTTP 503: CRM answered 503$/m);
    expect(text).toContain('lead lead-a (pending)');
    expect(text).toContain('1 min ago');
  });

  it('says none when nothing waits and nothing failed, and shows a message', () => {
    const report = {
      ...buildReport({ counts: [], oldestPending: [], lastErrors: [] }, { now: NOW, source: SOURCE }),
      message: 'No lead store in .wrangler/state yet',
    };
    const text = formatReport(report);
    expect(text).toContain('No lead store in .wrangler/state yet');
    expect(text).toMatch(/^Oldest pending +none$/m);
    expect(text).toMatch(/^Last error +none$/m);
  });

  it('prints no name or mobile unless contacts are included', () => {
    const withoutContacts = buildReport(sampleRows(), { now: NOW, source: SOURCE });
    const text = formatReport(withoutContacts);
    for (const personal of ['Asha', 'Ravi', '98450']) expect(text).not.toContain(personal);

    const withContacts = formatReport(buildReport(sampleRows({ contacts }), { now: NOW, source: SOURCE }));
    expect(withContacts).toContain('Pending and dead leads: 2');
    expect(withContacts).toMatch(/lead-b +dead +popup +8 +\S+ +Asha Rao +\+91 98450 11111 +HTTP 400: invalid mobile/);
    expect(withContacts).toMatch(/lead-a +pending +contact-modal +2 +\S+ +Ravi Kumar +\+91 98450 22222$/m);
  });

  it('prints text from visitors and the CRM without control characters', () => {
    const hostile = [{ ...contacts[0]!, name: 'Eve\u001b[2J', last_error: 'bad\nline' }];
    const text = formatReport(buildReport(sampleRows({ contacts: hostile }), { now: NOW, source: SOURCE }));
    expect(text).not.toContain('\u001b');
    expect(text).toContain('Eve\uFFFD[2J');
    expect(text).toContain('bad\uFFFDline');
  });
});

describe('reportQueries', () => {
  it('selects name and mobile only for contacts', () => {
    const plain = reportQueries();
    expect(Object.keys(plain)).toEqual(['counts', 'oldestPending', 'lastErrors']);
    expect(Object.values(plain).join(' ')).not.toMatch(/\b(name|mobile)\b/);
    const withContacts = reportQueries({ showContacts: true });
    expect(withContacts.contacts).toMatch(/\bname\b.*\bmobile\b/);
  });
});

describe('isMissingTable', () => {
  it('recognises the error of a store without the lead table', () => {
    expect(isMissingTable('no such table: leads: SQLITE_ERROR')).toBe(true);
    expect(isMissingTable('near "SELEC": syntax error at offset 0: SQLITE_ERROR')).toBe(false);
  });
});
