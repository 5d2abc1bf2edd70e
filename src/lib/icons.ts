/** The icons the site uses, as lucide icon nodes; rendered to inline SVG at build time (no JS). */
import * as lucide from 'lucide';

/** An icon as lucide describes it: its SVG child elements, each a tag name and its attributes. */
export type IconNode = [string, Record<string, string>][];

/** The lucide icons in use, by name. Add a name here to use another icon. */
const LUCIDE_NAMES = [
  'ArrowLeft',
  'ArrowRight',
  'CalendarClock',
  'CalendarDays',
  'ChartColumn',
  'Check',
  'ChevronDown',
  'Flower2',
  'Globe',
  'GraduationCap',
  'Heart',
  'LayoutTemplate',
  'Link',
  'Menu',
  'MessageCircle',
  'Mic',
  'Repeat',
  'Rocket',
  'ShieldCheck',
  'ShoppingBag',
  'Smartphone',
  'Sparkles',
  'Target',
  'Users',
  'UsersRound',
  'Video',
  'Wallet',
  'X',
  'Eye',
  'Zap',
  'Headphones',
  'Lightbulb',
  'Megaphone',
  'Inbox',
  'Bot',
  'Workflow',
  'TrendingUp',
  'Activity',
  'Gauge',
  'BadgeCheck',
  'ShoppingCart',
  'Contact',
  'CreditCard',
  'Sheet',
  'Send',
  'Play',
  'Minus',
  'LayoutDashboard',
  'Settings2',
  'MessageSquareText',
  'ChevronLeft',
  'ChevronRight',
  'Palette',
  'BellRing',
  'ClipboardList',
  'IndianRupee',
  'KeyRound',
  'Mail',
  'Ticket',
] as const;
type LucideName = (typeof LUCIDE_NAMES)[number];

// Simple outline marks for the social profiles (lucide ships no brand icons).
const Instagram: IconNode = [
  ['rect', { x: '2', y: '2', width: '20', height: '20', rx: '5' }],
  ['circle', { cx: '12', cy: '12', r: '4' }],
  ['line', { x1: '17.5', x2: '17.51', y1: '6.5', y2: '6.5' }],
];
const Linkedin: IconNode = [
  ['rect', { x: '2', y: '2', width: '20', height: '20', rx: '3' }],
  ['path', { d: 'M7 10v7M7 7v.01M11 17v-7M11 13a3 3 0 0 1 6 0v4' }],
];
const Youtube: IconNode = [
  ['rect', { x: '2', y: '5', width: '20', height: '14', rx: '4' }],
  ['path', { d: 'm10 9 5 3-5 3z' }],
];

/**
 * WhatsApp's mark, drawn as the other icons are: a speech bubble around a handset (lucide's message-circle with its
 * phone, scaled into the bubble). A button that opens a WhatsApp chat shows it.
 */
const WhatsApp: IconNode = [
  [
    'path',
    {
      d: 'M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719',
    },
  ],
  [
    'path',
    {
      d: 'M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384',
      transform: 'translate(6.9 6.9) scale(0.46)',
      'stroke-width': '3.6',
    },
  ],
];

export const icons = {
  ...(Object.fromEntries(LUCIDE_NAMES.map((name) => [name, lucide[name]])) as Record<LucideName, IconNode>),
  Instagram,
  Linkedin,
  Youtube,
  WhatsApp,
};

export type IconName = keyof typeof icons;

/** Every icon name, for the content schemas (an unknown name fails the build with the file and the field). */
export const ICON_NAMES = Object.keys(icons) as [IconName, ...IconName[]];
