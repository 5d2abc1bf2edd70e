import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_COOKIE,
  ASSIGNMENT_MAX_AGE_S,
  CLICKED_COOKIE,
  PERSON_CODE_DAYS,
} from '../../src/lib/experiments/wire';
import { DEAD_RETENTION_DAYS, RATE_LIMIT_WINDOW_MS, SENT_RETENTION_DAYS } from '../../worker/leads/outbox';
import { KEPT_LEAD_DAYS } from '../../src/lib/leads/kept';
import { contentPath } from '../../src/lib/content-paths';

const policy = readFileSync(new URL('../../src/content/legal/privacy-policy.md', import.meta.url), 'utf8');
const section = policy.slice(
  policy.indexOf('### Contact requests from our website'),
  policy.indexOf('## How We Process'),
);

describe('the privacy policy states what the lead store does', () => {
  it('keeps delivered leads 30 days and undelivered ones 90, as the sweep deletes them', () => {
    expect(SENT_RETENTION_DAYS).toBe(30);
    expect(DEAD_RETENTION_DAYS).toBe(90);
    expect(section).toContain(`delete the record ${SENT_RETENTION_DAYS} days after it has reached the CRM`);
    expect(section).toContain(`we keep it for ${DEAD_RETENTION_DAYS} days`);
  });

  it('says what is stored and where', () => {
    for (const words of [
      'your name, your mobile number, which form you used, and the page you sent it from and its language',
      'Cloudflare D1',
    ]) {
      expect(section).toContain(words);
    }
  });

  it('says how long an address is counted for the rate limit', () => {
    expect(section).toContain(`deletes them ${RATE_LIMIT_WINDOW_MS / 60_000} minutes after the last one`);
  });
});

describe('the privacy policy states what a browser keeps of a lead not sent yet', () => {
  it(`says what waits in the browser, and that it is deleted ${KEPT_LEAD_DAYS} days after it was sent`, () => {
    expect(KEPT_LEAD_DAYS).toBe(7);
    expect(section).toContain(
      'your name, your mobile number, which form you used, the language of the page you sent it from, when you sent it and a random code that names this one request',
    );
    expect(section).toContain(`deleted from your browser ${KEPT_LEAD_DAYS} days after you sent it`);
    expect(policy).toContain(`waits in your browser until our website has it, for ${KEPT_LEAD_DAYS} days at most`);
    expect(policy).toContain(`local storage until our website has it, for ${KEPT_LEAD_DAYS} days at most`);
  });

  it('a browser stops trying long before the Worker forgets a delivered lead and its key: a late try is a repeat', () => {
    expect(KEPT_LEAD_DAYS).toBeLessThan(SENT_RETENTION_DAYS);
  });
});

describe("every lead form's notice links to the rights it names", () => {
  const ui = JSON.parse(readFileSync(contentPath('ui', 'ui'), 'utf8')) as {
    leadForm: { notice: { text: string; link: string; to: string } };
  };
  const { to } = ui.leadForm.notice;
  const [path, part] = to.split('#');
  const heading = [...policy.matchAll(/^## (.+)$/gm)].find(
    ([, text]) => text!.toLowerCase().replace(/[^\w]+/g, '-') === part,
  );
  const rights = heading ? policy.slice(heading.index, policy.indexOf('\n## ', heading.index + 3)) : '';

  it('to a part of the privacy policy, by its heading', () => {
    expect(path).toBe('/privacy-policy');
    expect(heading?.[1]).toBe('Your Privacy Rights');
  });

  it('where withdrawing consent, correction, erasure and a complaint to the Data Protection Board are said', () => {
    for (const words of ['Withdraw consent', 'Correction', 'Deletion', 'Data Protection Board', 'email us at']) {
      expect(rights).toContain(words);
    }
  });

  it('and says what the form takes and why', () => {
    expect(ui.leadForm.notice.text).toMatch(/name and mobile number .*to call you back/);
  });
});

describe('the privacy policy states what the experiments keep', () => {
  const tests = policy.slice(policy.indexOf('### Tests of our pages'), policy.indexOf('### Contact requests'));

  it('names the cookie and its lifetime, as the Worker sets it', () => {
    expect(ASSIGNMENT_MAX_AGE_S).toBe(30 * 86_400);
    expect(tests).toContain(`one cookie, named \`${ASSIGNMENT_COOKIE}\``);
    expect(tests).toContain(`expires after ${ASSIGNMENT_MAX_AGE_S / 86_400} days`);
    expect(tests).toContain(`a second cookie, named \`${CLICKED_COOKIE}\``);
    expect(tests).toContain(`also expires after ${ASSIGNMENT_MAX_AGE_S / 86_400} days`);
  });

  it('says how long the one-way code of a number is kept, as the sweep forgets it', () => {
    expect(PERSON_CODE_DAYS).toBe(30);
    expect(tests).toContain(`without guessing it, for ${PERSON_CODE_DAYS} days; after that only the count remains`);
  });

  it('says what else is kept, and that privacy signals opt out', () => {
    for (const words of ['how many visitors saw each version per day', 'one-way code', 'Global Privacy Control']) {
      expect(tests).toContain(words);
    }
  });
});
