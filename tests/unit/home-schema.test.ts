/** The home page's content against its schema: every calculator label present, named by the ids in src/lib/roi.ts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROI_TABS, WHATSAPP_SLIDERS } from '../../src/lib/roi';
import { homeSchema } from '../../src/lib/schemas/home';
import { contentPath } from '../../src/lib/content-paths';

const home = () => JSON.parse(readFileSync(contentPath('home', 'home'), 'utf8'));
const issues = (data: unknown) =>
  (homeSchema.safeParse(data).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('home content', () => {
  it('passes its schema, with a label for every tab and slider of the calculators', () => {
    const data = home();
    expect(issues(data)).toEqual([]);
    for (const tab of ROI_TABS) {
      expect(Object.keys(data.roi.tabs[tab.id].sliders)).toEqual(tab.sliders.map((s) => s.key));
    }
    expect(Object.keys(data.whatsappImpact.sliders)).toEqual(WHATSAPP_SLIDERS.map((s) => s.key));
  });

  it('fails on a missing or an unknown slider label, naming it', () => {
    const missing = home();
    delete missing.roi.tabs.events.sliders.attendees;
    expect(issues(missing)).toEqual([expect.stringMatching(/^roi\.tabs\.events\.sliders\.attendees: /)]);

    const unknown = home();
    unknown.whatsappImpact.sliders.clicks = 'Link clicks';
    expect(issues(unknown)).toEqual([expect.stringMatching(/^whatsappImpact\.sliders: .*clicks/)]);
  });

  it('leaves the showcase titles to the content: their English rule ("Manage" and the tab) is the build\'s', () => {
    const data = home();
    data.showcase.entries[2].title = 'Tickets';
    expect(issues(data)).toEqual([]);
  });
});
