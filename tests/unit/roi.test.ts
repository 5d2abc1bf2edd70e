import { describe, expect, it } from 'vitest';
import {
  ROI_TABS,
  WHATSAPP_SLIDERS,
  annualRevenue,
  initialRoiState,
  totalAnnualRevenue,
  whatsappImpact,
  type RoiTabId,
} from '../../src/lib/roi';

// The calculators' bounds (product rule): [min, max, step, default] per input, in the order the calculators show them.
const EXPECTED_BOUNDS: Record<RoiTabId | 'whatsapp', [number, number, number, number][]> = {
  plans: [
    [0, 1000, 10, 500],
    [0, 1000, 10, 400],
  ],
  courses: [
    [0, 50, 1, 1],
    [0, 5000, 50, 1000],
    [0, 500, 10, 30],
  ],
  events: [
    [0, 50, 1, 2],
    [0, 1000, 10, 500],
    [0, 500, 10, 50],
  ],
  appointments: [
    [0, 100, 1, 5],
    [0, 2000, 50, 300],
    [0, 50, 1, 10],
  ],
  products: [
    [0, 10000, 100, 200],
    [0, 5000, 50, 300],
  ],
  whatsapp: [
    [0, 10000, 10, 500],
    [0, 100, 1, 13],
    [0, 5000, 10, 400],
  ],
};

describe('slider bounds match the product rules', () => {
  it('has the five tabs in order, Plans first', () => {
    expect(ROI_TABS.map((t) => t.id)).toEqual(['plans', 'courses', 'events', 'appointments', 'products']);
  });
  for (const tab of ROI_TABS) {
    it(`${tab.id}`, () => {
      expect(tab.sliders.map((s) => [s.min, s.max, s.step, s.default])).toEqual(EXPECTED_BOUNDS[tab.id]);
    });
  }
  it('WhatsApp', () => {
    expect(WHATSAPP_SLIDERS.map((s) => [s.min, s.max, s.step, s.default])).toEqual(EXPECTED_BOUNDS.whatsapp);
  });
});

describe("the calculators' formulas (product rules)", () => {
  it('Plans: subscribers × price × 12 when monthly, × 1 when yearly', () => {
    expect(annualRevenue.plans({ subscribers: 500, price: 400 }, 'Monthly')).toBe(2_400_000);
    expect(annualRevenue.plans({ subscribers: 500, price: 400 }, 'Yearly')).toBe(200_000);
    expect(annualRevenue.plans({ subscribers: 1000, price: 1000 }, 'Monthly')).toBe(12_000_000);
    expect(annualRevenue.plans({ subscribers: 0, price: 1000 }, 'Monthly')).toBe(0);
  });
  it('Courses: count × price × enrollees', () => {
    expect(annualRevenue.courses({ count: 1, price: 1000, enrollees: 30 }, 'Monthly')).toBe(30_000);
    expect(annualRevenue.courses({ count: 50, price: 5000, enrollees: 500 }, 'Monthly')).toBe(125_000_000);
    expect(annualRevenue.courses({ count: 3, price: 250, enrollees: 0 }, 'Monthly')).toBe(0);
  });
  it('Events: count × ticket price × attendees', () => {
    expect(annualRevenue.events({ count: 2, price: 500, attendees: 50 }, 'Monthly')).toBe(50_000);
    expect(annualRevenue.events({ count: 50, price: 1000, attendees: 500 }, 'Monthly')).toBe(25_000_000);
  });
  it('Appointments: sessions × fee × clients × 12', () => {
    expect(annualRevenue.appointments({ sessions: 5, fee: 300, clients: 10 }, 'Monthly')).toBe(180_000);
    expect(annualRevenue.appointments({ sessions: 100, fee: 2000, clients: 50 }, 'Monthly')).toBe(120_000_000);
    expect(annualRevenue.appointments({ sessions: 1, fee: 50, clients: 1 }, 'Monthly')).toBe(600);
  });
  it('Products: count × price', () => {
    expect(annualRevenue.products({ count: 200, price: 300 }, 'Monthly')).toBe(60_000);
    expect(annualRevenue.products({ count: 10000, price: 5000 }, 'Monthly')).toBe(50_000_000);
  });
  it('the total of the defaults adds the five streams, plans monthly', () => {
    // 2,400,000 + 30,000 + 50,000 + 180,000 + 60,000
    expect(totalAnnualRevenue(initialRoiState())).toBe(2_720_000);
    expect(totalAnnualRevenue({ ...initialRoiState(), cycle: 'Yearly' })).toBe(520_000);
  });
  it('WhatsApp: floor(messages × conversion / 100) members, × subscription price', () => {
    expect(whatsappImpact({ messages: 500, conversion: 13, price: 400 })).toEqual({ converted: 65, revenue: 26_000 });
    expect(whatsappImpact({ messages: 10, conversion: 13, price: 400 })).toEqual({ converted: 1, revenue: 400 });
    expect(whatsappImpact({ messages: 10000, conversion: 100, price: 5000 })).toEqual({
      converted: 10000,
      revenue: 50_000_000,
    });
    expect(whatsappImpact({ messages: 0, conversion: 13, price: 400 })).toEqual({ converted: 0, revenue: 0 });
    expect(whatsappImpact({ messages: 70, conversion: 1, price: 10 })).toEqual({ converted: 0, revenue: 0 });
  });
});
