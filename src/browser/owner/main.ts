/**
 * The owner's page (/owner/, docs/owner.md): signs the owner in with GitHub, then shows the leads of the last days,
 * their delivery to the CRM and the experiments, from the owner's API (src/lib/owner/wire.ts). Names and mobile
 * numbers are fetched only when the owner asks for one day's. The GitHub token is sent once, to open a session, and
 * forgotten; the session is the Worker's HttpOnly cookie.
 */
import {
  dailyChart,
  daySpans,
  experimentChart,
  formChart,
  languageChart,
  leadsByDay,
  LEAD_SERIES,
  lineSummary,
  lineTable,
  pageChart,
  spanStart,
  stackedSummary,
  stackedTable,
  totals,
  type DayCounts,
} from '../../lib/owner/days';
import {
  count,
  dateTime,
  dayName,
  decisionName,
  duration,
  formName,
  goalName,
  languageName,
  NOT_ENOUGH_DATA,
  pageName,
  percent,
  pValue,
  statusName,
  time,
  withInterval,
} from '../../lib/owner/format';
import type {
  OwnerDeadLead,
  OwnerErrorBody,
  OwnerExperiment,
  OwnerLead,
  OwnerLeads,
  OwnerSession,
} from '../../lib/owner/wire';
import { OWNER_DAYS, OWNER_HINT_COOKIE } from '../../lib/owner/wire';
import { api, setCsrf, type Answer } from './api';
import { lineChart, stackedBars, stackedColumns } from './charts';
import { figure, forgetFigures, h, table } from './dom';
import { signInWithGitHub, SIGN_IN_WORDS } from './sign-in';

const view = document.getElementById('view')!;
const account = document.getElementById('account')!;
const statusLine = document.getElementById('status')!;

const WORDS = {
  unreachable: 'The site did not answer. Check your connection and try again in a moment.',
  ended: 'Your session has ended. Sign in again to see the figures.',
  csrf: 'This page lost track of your session. Reload the page and try again.',
};

let saying = 0;

/** Empties the live region. */
function quiet(): void {
  window.clearTimeout(saying);
  statusLine.textContent = '';
  statusLine.className = 'status';
}

/** Says something in the live region (read out by screen readers), replacing what it said. */
function say(message: string, tone: 'info' | 'error' = 'info'): void {
  quiet();
  statusLine.className = `status ${tone}`;
  // Written a moment after the clear, so that the same words said twice are read twice.
  saying = window.setTimeout(() => (statusLine.textContent = message), 50);
}

/** Puts a new view in place; with `focus`, moves the keyboard to its heading (not on the first load). */
function show(nodes: Node[], focus = true): void {
  quiet();
  forgetFigures(view);
  view.replaceChildren(...nodes);
  if (focus) view.querySelector<HTMLElement>('h1')?.focus();
}

const heading = (text: string) => h('h1', { tabindex: -1 }, text);

/**
 * An event listener of an async handler: a failure of it (a bug in drawing the page, say) is shown in the status line
 * and logged, not left as a promise nobody handles.
 */
function handled<E extends Event>(run: (event: E) => Promise<void>): (event: E) => void {
  return (event) => {
    run(event).catch((error: unknown) => {
      console.error(error);
      say('Something went wrong. Reload the page to try again.', 'error');
    });
  };
}

/** What to do with an answer that is not the one asked for; true when the page moved to another view. */
function failed(answer: Exclude<Answer<unknown>, { ok: true }>): boolean {
  if (answer.status === 401) {
    showSignIn(WORDS.ended);
    return true;
  }
  if (answer.status === 403 && answer.error?.error === 'no-write-access') {
    showNoAccess(answer.error);
    return true;
  }
  if (answer.status === 403 && answer.error?.error === 'csrf') say(WORDS.csrf, 'error');
  else say(answer.error?.message ?? WORDS.unreachable, 'error');
  return false;
}

// Signing in and out.

function signInButton(): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'button primary' }, 'Sign in with GitHub');
  button.addEventListener('click', () => void signIn(button));
  return button;
}

async function signIn(button: HTMLButtonElement): Promise<void> {
  const waiting = signInWithGitHub();
  if (!waiting) {
    say(SIGN_IN_WORDS.blocked, 'error');
    return;
  }
  button.disabled = true;
  say('Sign in with GitHub in the window that opened.');
  const result = await waiting;
  if ('closed' in result) {
    button.disabled = false;
    say('The sign-in window was closed before you signed in.', 'error');
    return;
  }
  if ('error' in result) {
    button.disabled = false;
    say(result.error, 'error');
    return;
  }
  say('Checking your access...');
  const answer = await api.signIn(result.token);
  // The token has done its one job: nothing keeps it.
  result.token = '';
  button.disabled = false;
  if (answer.ok) {
    startSession(answer.data);
    say(`Signed in as ${answer.data.login}.`);
    return;
  }
  if (answer.status === 403 && answer.error?.error === 'no-write-access') showNoAccess(answer.error);
  else if (answer.status === 401) say('GitHub did not accept this sign-in. Try again.', 'error');
  else say(answer.error?.message ?? WORDS.unreachable, 'error');
}

function showSignIn(message?: string, focus = true): void {
  setCsrf('');
  account.replaceChildren();
  show(
    [
      heading("Sign in to your owner's page"),
      h(
        'p',
        {},
        "This page shows your site's leads, their delivery to your CRM and your experiments. Sign in with the GitHub account that can change the site.",
      ),
      h('p', {}, signInButton()),
    ],
    focus,
  );
  if (message) say(message);
}

/** GitHub's sign-out page as the Worker names it (a GitHub Enterprise server's too), when it is a web address. */
function gitHubSignOut(named: string | undefined): string {
  try {
    const url = new URL(named ?? '');
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // Not an address: github.com's own page.
  }
  return 'https://github.com/logout';
}

function showNoAccess(error: OwnerErrorBody): void {
  setCsrf('');
  account.replaceChildren();
  const who = error.login && error.repo ? `${error.login} cannot change ${error.repo} on GitHub.` : '';
  show([
    heading('This GitHub account has no access'),
    h('p', { class: 'notice error' }, error.message || who),
    h(
      'p',
      {},
      "The owner's page is for the people who can change the site's repository on GitHub. To sign in with another account, sign out of GitHub first, then sign in here again.",
    ),
    h(
      'p',
      { class: 'actions' },
      h(
        'a',
        { href: gitHubSignOut(error.signOutUrl), target: '_blank', rel: 'noopener noreferrer', class: 'button' },
        'Sign out of GitHub (opens a new tab)',
      ),
      signInButton(),
    ),
  ]);
}

function startSession(session: OwnerSession): void {
  setCsrf(session.csrf);
  const out = h('button', { type: 'button', class: 'button small' }, 'Sign out');
  out.addEventListener(
    'click',
    handled(async () => {
      out.disabled = true;
      const answer = await api.signOut();
      if (answer.ok || answer.status === 401) {
        showSignIn('You are signed out.');
      } else {
        out.disabled = false;
        failed(answer);
      }
    }),
  );
  account.replaceChildren(h('span', { class: 'who' }, `Signed in as ${session.login}`), out);
  showDashboard();
}

// The figures.

const parts = {
  glance: h('div'),
  leads: h('div'),
  failures: h('div'),
  experiments: h('div'),
};

function section(id: string, title: string, body: HTMLElement, intro?: string): HTMLElement {
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title`, tabindex: -1 }, title),
    intro ? h('p', { class: 'intro' }, intro) : null,
    body,
  );
}

function showDashboard(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const refresh = h('button', { type: 'button', class: 'button small' }, 'Refresh the figures');
  refresh.addEventListener(
    'click',
    handled(async () => {
      refresh.disabled = true;
      await Promise.all([loadLeads(), loadExperiments()]);
      refresh.disabled = false;
      say('The figures are up to date.');
    }),
  );
  for (const part of Object.values(parts)) part.replaceChildren(h('p', { class: 'loading' }, 'Loading...'));
  show([
    heading('Leads and experiments'),
    h(
      'p',
      { class: 'lede' },
      `The last ${OWNER_DAYS} days, by day in your time zone${zone ? ` (${zone})` : ''}. `,
      refresh,
    ),
    section('glance', 'At a glance', parts.glance),
    section('leads', 'Leads', parts.leads),
    section('failures', 'Failed deliveries', parts.failures),
    section('experiments', 'Experiments', parts.experiments),
  ]);
  void loadLeads();
  void loadExperiments();
}

async function loadLeads(): Promise<void> {
  const now = Date.now();
  const answer = await api.leads(spanStart(now));
  if (!answer.ok) {
    if (!failed(answer)) {
      for (const part of [parts.glance, parts.leads, parts.failures]) {
        part.replaceChildren(h('p', { class: 'notice error' }, 'The leads could not be loaded.'));
      }
    }
    return;
  }
  renderLeads(answer.data);
}

function renderLeads(data: OwnerLeads): void {
  for (const part of [parts.glance, parts.leads, parts.failures]) forgetFigures(part);
  const all = totals(data.leads);
  const { delivery } = data;
  const oldest = delivery.oldestPendingAt;
  const card = (label: string, value: number, note: string, tone: string) =>
    h(
      'li',
      { class: `card tone-${tone}` },
      h('span', { class: 'card-label' }, label),
      h('span', { class: 'card-value' }, count(value)),
      h('span', { class: 'card-note' }, note),
    );
  const lastError = delivery.lastError;
  parts.glance.replaceChildren(
    h(
      'ul',
      { class: 'cards' },
      card('Received', all.received, `leads in the last ${OWNER_DAYS} days`, 'received'),
      card('Delivered', all.delivered, 'taken by your CRM', 'delivered'),
      card(
        'Waiting',
        all.waiting,
        oldest === null ? 'none waiting' : `oldest received ${duration(data.now - oldest)} ago`,
        'waiting',
      ),
      card('Failed', delivery.dead.length, 'delivery stopped after repeated errors', 'failed'),
    ),
    h(
      'p',
      {},
      h('strong', {}, 'Last error from your CRM: '),
      lastError
        ? `${dateTime(lastError.at)}, ${lastError.status === null ? 'not reached' : `answer ${lastError.status}`}: ${lastError.message}`
        : 'none.',
    ),
    ...(data.truncated
      ? [
          h(
            'p',
            { class: 'notice' },
            'More leads were received than the page can show at once: the oldest ones are left out of these counts.',
          ),
        ]
      : []),
  );

  const daily = dailyChart(data.leads, data.now);
  const forms = formChart(data.leads);
  const pages = pageChart(data.leads);
  const languages = languageChart(data.leads);
  parts.leads.replaceChildren(
    figure(
      daily.caption,
      (width) => stackedColumns(daily, width, stackedSummary(daily)),
      stackedTable(daily),
      LEAD_SERIES,
    ),
    h('h3', {}, 'By form'),
    forms.rows.length
      ? figure(
          forms.caption,
          (width) => stackedBars(forms, width, stackedSummary(forms)),
          stackedTable(forms),
          LEAD_SERIES,
        )
      : h('p', {}, 'No leads yet.'),
    h('h3', {}, 'By page'),
    pages.rows.length
      ? figure(
          pages.caption,
          (width) => stackedBars(pages, width, stackedSummary(pages)),
          stackedTable(pages),
          LEAD_SERIES,
        )
      : h('p', {}, 'No leads yet.'),
    h('h3', {}, 'By language'),
    figure(
      languages.caption,
      (width) => stackedBars(languages, width, stackedSummary(languages)),
      stackedTable(languages),
      LEAD_SERIES,
    ),
    h('h3', {}, 'Names and mobile numbers'),
    contactsPicker(leadsByDay(data.leads, data.now), data.leads),
  );

  parts.failures.replaceChildren(...failures(data));
}

/** How many failed leads show before the owner asks for the others. */
const FAILED_SHOWN = 20;

function failures(data: OwnerLeads): Node[] {
  const dead = data.delivery.dead;
  if (dead.length === 0) return [h('p', {}, 'None: every lead was delivered or is still on its way.')];
  const fact = (term: string, value: string) => [h('dt', {}, term), h('dd', {}, value)];
  const card = (lead: OwnerDeadLead) =>
    h(
      'li',
      { class: 'failed' },
      h('p', { class: 'failed-when' }, `Received ${dateTime(lead.createdAt)}`),
      h(
        'dl',
        { class: 'facts' },
        fact('Form', formName(lead.form)),
        fact('Page', pageName(lead.page)),
        fact('Language', languageName(lead.lang)),
        fact('Tries', count(lead.attempts)),
        fact(
          'Last answer',
          [lead.lastStatus === null ? 'not reached' : `answer ${lead.lastStatus}`, lead.lastError]
            .filter(Boolean)
            .join(': '),
        ),
        fact('Last try', dateTime(lead.updatedAt)),
      ),
    );
  const list = h(
    'ul',
    { class: 'failed-list', 'aria-label': `Leads your CRM did not take: ${count(dead.length)}` },
    dead.slice(0, FAILED_SHOWN).map(card),
  );
  const rest = dead.length - FAILED_SHOWN;
  const more =
    rest > 0 ? h('button', { type: 'button', class: 'button small' }, `Show the other ${count(rest)}`) : null;
  more?.addEventListener('click', () => {
    const first = card(dead[FAILED_SHOWN]!);
    list.append(first, ...dead.slice(FAILED_SHOWN + 1).map(card));
    more.remove();
    first.setAttribute('tabindex', '-1');
    first.focus();
  });
  const button = h(
    'button',
    { type: 'button', class: 'button primary' },
    `Retry delivery of ${dead.length === 1 ? 'this lead' : `these ${count(dead.length)} leads`}`,
  );
  button.addEventListener(
    'click',
    handled(async () => {
      button.disabled = true;
      say('Queuing the failed leads for delivery...');
      const answer = await api.retry();
      if (!answer.ok) {
        button.disabled = false;
        failed(answer);
        return;
      }
      const n = answer.data.requeued;
      say(`${n === 1 ? '1 lead was' : `${count(n)} leads were`} queued for delivery again.`);
      await loadLeads();
      // The button is gone with the list it retried: the keyboard goes on from the section's heading.
      document.getElementById('failures-title')?.focus();
    }),
  );
  return [
    h(
      'p',
      {},
      'These leads were tried several times and your CRM refused them or could not be reached. Once the CRM works again, retry them.',
    ),
    list,
    ...(more ? [h('p', {}, more)] : []),
    h('p', {}, button),
  ];
}

function contactsPicker(days: DayCounts[], leads: OwnerLead[]): HTMLElement {
  const withLeads = days.filter((day) => day.received > 0).reverse();
  const intro = h(
    'p',
    {},
    'Names and mobile numbers stay hidden until you ask for one day. Each time you show them is recorded.',
  );
  if (withLeads.length === 0) return h('div', {}, intro, h('p', {}, 'No leads yet.'));
  const select = h(
    'select',
    { id: 'contacts-day', name: 'day' },
    withLeads.map((day) =>
      h(
        'option',
        { value: day.key },
        `${dayName(day.start)} (${day.received === 1 ? '1 lead' : `${count(day.received)} leads`})`,
      ),
    ),
  );
  const submit = h('button', { type: 'submit', class: 'button' }, 'Show contacts');
  const out = h('div', { class: 'contacts' });
  const form = h('form', { class: 'picker' }, h('label', { for: 'contacts-day' }, 'Day'), select, submit);
  form.addEventListener(
    'submit',
    handled(async (event) => {
      event.preventDefault();
      const day = withLeads.find((d) => d.key === select.value);
      if (!day) return;
      submit.disabled = true;
      const found: { id: string; createdAt: number; name: string; mobile: string }[] = [];
      let truncated = false;
      // A span that has not begun is refused: on the day clocks go back, today's second span may not have yet.
      for (const span of daySpans(day).filter((span) => span.from <= Date.now())) {
        const answer = await api.contacts(span.from, span.to);
        if (!answer.ok) {
          submit.disabled = false;
          failed(answer);
          return;
        }
        found.push(...answer.data.contacts);
        truncated ||= answer.data.truncated;
      }
      submit.disabled = false;
      found.sort((a, b) => a.createdAt - b.createdAt);
      const byId = new Map(leads.map((lead) => [lead.id, lead]));
      const hide = h('button', { type: 'button', class: 'button small' }, 'Hide contacts');
      hide.addEventListener('click', () => {
        out.replaceChildren();
        say('The contacts are hidden.');
        select.focus();
      });
      const caption = `Contacts received on ${dayName(day.start)} (${count(found.length)})`;
      out.replaceChildren(
        found.length
          ? table({
              caption,
              head: ['Time', 'Name', 'Mobile number', 'Form', 'Language'],
              rows: found.map((contact) => {
                const lead = byId.get(contact.id);
                return {
                  header: time(contact.createdAt),
                  cells: [
                    contact.name,
                    contact.mobile,
                    formName(lead?.form ?? ''),
                    lead ? languageName(lead.lang) : '',
                  ],
                };
              }),
            })
          : h('p', {}, `No contacts are stored for ${dayName(day.start)}.`),
        ...(truncated ? [h('p', { class: 'notice' }, 'This day has more leads than the page can show at once.')] : []),
        h('p', {}, hide),
      );
      say(`${found.length === 1 ? '1 contact' : `${count(found.length)} contacts`} shown for ${dayName(day.start)}.`);
    }),
  );
  return h('div', {}, intro, form, out);
}

async function loadExperiments(): Promise<void> {
  forgetFigures(parts.experiments);
  const answer = await api.experiments();
  if (!answer.ok) {
    if (!failed(answer)) {
      parts.experiments.replaceChildren(h('p', { class: 'notice error' }, 'The experiments could not be loaded.'));
    }
    return;
  }
  const list = answer.data.experiments;
  parts.experiments.replaceChildren(
    ...(list.length
      ? list.map(experiment)
      : [h('p', {}, 'No experiment yet. An experiment is added in the content admin, under Experiments.')]),
  );
}

function experiment(item: OwnerExperiment): HTMLElement {
  const readout = item.readout;
  const days = readout?.daysRunning ?? item.series.length;
  const fact = (term: string, value: string) => [h('dt', {}, term), h('dd', {}, value)];
  const body: (Node | null)[] = [
    h(
      'dl',
      { class: 'facts' },
      fact('Status', statusName(item.status)),
      fact('Page', item.page),
      fact('Judged on', goalName(item.goal)),
      fact('Running for', days === 0 ? 'not started' : days === 1 ? '1 day' : `${count(days)} days`),
    ),
    h('p', { class: 'hypothesis' }, h('strong', {}, 'What we expect: '), item.hypothesis),
  ];
  if (!readout) {
    body.push(h('p', { class: 'notice' }, item.message ?? 'No visitors yet.'));
  } else {
    const level = `${Math.round((1 - readout.alphaPerComparison * readout.comparisons.length) * 100)}%`;
    const needed =
      readout.visitorsNeeded === null
        ? readout.verdict === 'keep running'
          ? `Visitors still needed per version: ${NOT_ENOUGH_DATA}.`
          : null
        : readout.visitorsNeeded === 0
          ? 'Only a few more visitors per version are needed.'
          : `About ${count(readout.visitorsNeeded)} more visitors per version are needed.`;
    body.push(
      h('p', { class: 'verdict' }, 'Verdict: ', h('strong', {}, readout.verdict)),
      needed ? h('p', {}, needed) : null,
      h(
        'p',
        { class: readout.srm.alarm ? 'notice error' : '' },
        readout.srm.alarm
          ? `Warning: visitors are not split between the versions as planned (${pValue(readout.srm.p)}). Check the experiment before you trust its result.`
          : `Visitors are split between the versions as planned (${pValue(readout.srm.p)}).`,
      ),
      table({
        caption: `${item.id}: visitors and conversions per version`,
        head: ['Version', 'Share', 'Visitors', 'Conversions', 'Rate'],
        rows: readout.variants.map((v) => ({
          header: v.name,
          cells: [`${v.weight}%`, count(v.visitors), count(v.conversions), percent(v.rate)],
        })),
      }),
      readout.comparisons.length
        ? table({
            caption: `${item.id}: each version against control, with its ${level} range (valid whenever you look)`,
            head: ['Version', 'Difference', 'Lift', 'Result'],
            rows: readout.comparisons.map((c) => ({
              header: c.name,
              cells: [
                withInterval(c.difference, { digits: 2, points: true }),
                c.lift ? withInterval(c.lift) : NOT_ENOUGH_DATA,
                decisionName(c.decision),
              ],
            })),
          })
        : null,
    );
  }
  if (item.notes.length)
    body.push(
      h(
        'ul',
        { class: 'notes' },
        item.notes.map((note) => h('li', {}, note)),
      ),
    );
  if (item.series.length) {
    const data = experimentChart(item);
    const tones = data.series.map((s, i) => ({ name: s.name, tone: `series-${i % 4}` }));
    body.push(figure(data.caption, (width) => lineChart(data, width, lineSummary(data)), lineTable(data), tones));
  }
  return h('article', { class: 'experiment' }, h('h3', {}, item.id), ...body);
}

// Start: the session decides what the page shows.

/** Whether the Worker said a session is open (OWNER_HINT_COOKIE); without it the API would only answer 401. */
const sessionHinted = () => document.cookie.split(';').some((part) => part.trim() === `${OWNER_HINT_COOKIE}=1`);

async function start(): Promise<void> {
  if (!sessionHinted()) {
    showSignIn(undefined, false);
    return;
  }
  const answer = await api.session();
  if (answer.ok) {
    startSession(answer.data);
    return;
  }
  if (answer.status === 401) {
    showSignIn(undefined, false);
    return;
  }
  if (answer.status === 403 && answer.error?.error === 'no-write-access') {
    showNoAccess(answer.error);
    return;
  }
  const again = h('button', { type: 'button', class: 'button primary' }, 'Try again');
  again.addEventListener('click', () => void start());
  show([
    heading("Owner's page"),
    h('p', { class: 'notice error' }, answer.error?.message ?? WORDS.unreachable),
    h('p', {}, again),
  ]);
}

void start();
