/** Header and footer links, in the order the spec lists them. Icons are lucide names rendered at build time. */
import type { IconName } from '../lib/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  description: string;
}

export const productLinks: NavItem[] = [
  {
    to: '/member-management',
    label: 'Member Management',
    icon: 'Users',
    description: 'Roles, access and private admin notes for every member.',
  },
  {
    to: '/course-management',
    label: 'Course Management',
    icon: 'GraduationCap',
    description: 'Sell courses built from modules and sessions.',
  },
  {
    to: '/event-management',
    label: 'Event Management',
    icon: 'CalendarDays',
    description: 'Paid and free events with ticket types.',
  },
  {
    to: '/meeting-management',
    label: 'Meetings Management',
    icon: 'Video',
    description: 'Live Zoom or Google Meet sessions for your plans.',
  },
  {
    to: '/subscription-management',
    label: 'Subscription Management',
    icon: 'Repeat',
    description: 'Monthly, yearly and one-time plans that renew themselves.',
  },
  {
    to: '/community-management',
    label: 'Community Management',
    icon: 'UsersRound',
    description: 'Communities with their own landing page and join requests.',
  },
  {
    to: '/payments-management',
    label: 'Payments Management',
    icon: 'Wallet',
    description: 'UPI, cards, net banking, wallets and bank transfer.',
  },
  {
    to: '/analytics-management',
    label: 'Analytics',
    icon: 'ChartColumn',
    description: 'Revenue, members and growth at a glance.',
  },
  {
    to: '/products-management',
    label: 'Products Management',
    icon: 'ShoppingBag',
    description: 'Sell digital and physical products, track orders.',
  },
  {
    to: '/white-labeling',
    label: 'White Labeling',
    icon: 'Globe',
    description: 'Your brand on your own domain, not ours.',
  },
  {
    to: '/smart-ai',
    label: 'Smart AI',
    icon: 'Sparkles',
    description: 'An AI assistant that sets up plans, events and courses.',
  },
  {
    to: '/payment-link',
    label: 'Payment Link',
    icon: 'Link',
    description: 'Collect money with a link: name, email and mobile only.',
  },
  {
    to: '/business-whatsapp-api',
    label: 'WhatsApp Business API',
    icon: 'MessageCircle',
    description: 'Broadcasts, team inbox, chatbot and flows.',
  },
  {
    to: '/ai-web-builder',
    label: 'AI Web Builder',
    icon: 'LayoutTemplate',
    description: 'Describe your site and get it built, no code.',
  },
  {
    to: '/appointment-management',
    label: 'Appointment Management',
    icon: 'CalendarClock',
    description: 'One-on-one bookings with paid slots and reminders.',
  },
];

export const audienceLinks: NavItem[] = [
  {
    to: '/yoga',
    label: 'Yoga Studios',
    icon: 'Flower2',
    description: 'Classes, memberships and workshops for your studio.',
  },
  {
    to: '/creator',
    label: 'Creators & Coaches',
    icon: 'Mic',
    description: 'Turn your audience into a paying community.',
  },
];

export const topLinks = [
  { to: '/about-us', label: 'About us' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blogs', label: 'Blogs' },
] as const;

export const footerGroups = [
  {
    title: 'Features',
    links: [
      { to: '/member-management', label: 'Member Management' },
      { to: '/course-management', label: 'Course Management' },
      { to: '/event-management', label: 'Event Management' },
      { to: '/subscription-management', label: 'Subscription Management' },
      { to: '/community-management', label: 'Community Management' },
      { to: '/appointment-management', label: 'Appointment Management' },
    ],
  },
  {
    title: 'Use cases',
    links: [
      { to: '/', label: 'Communities' },
      { to: '/creator', label: 'Creators' },
      { to: '/yoga', label: 'Yoga Studios' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about-us', label: 'About Us' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/terms-of-uses', label: 'Terms of Use' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/refund-policy', label: 'Refund Policy' },
    ],
  },
] as const;
