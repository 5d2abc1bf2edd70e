/** The icons the site uses, as lucide icon nodes; rendered to inline SVG at build time (no JS). */
import {
  ArrowRight,
  CalendarClock,
  CalendarDays,
  ChartColumn,
  Check,
  ChevronDown,
  Flower2,
  Globe,
  GraduationCap,
  Heart,
  LayoutTemplate,
  Link,
  Menu,
  MessageCircle,
  Mic,
  Repeat,
  Rocket,
  ShieldCheck,
  ShoppingBag,
  Smartphone,
  Sparkles,
  Target,
  Users,
  UsersRound,
  Video,
  Wallet,
  X,
  Eye,
  Zap,
  Headphones,
  Lightbulb,
  // Landing pages (/yoga, /creator)
  BellRing,
  ClipboardList,
  IndianRupee,
  KeyRound,
  Mail,
  Ticket,
} from 'lucide';

type IconNode = [string, Record<string, string>][];

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

export const icons = {
  ArrowRight,
  CalendarClock,
  CalendarDays,
  ChartColumn,
  Check,
  ChevronDown,
  Flower2,
  Globe,
  GraduationCap,
  Heart,
  Instagram,
  LayoutTemplate,
  Link,
  Linkedin,
  Menu,
  MessageCircle,
  Mic,
  Repeat,
  Rocket,
  ShieldCheck,
  ShoppingBag,
  Smartphone,
  Sparkles,
  Target,
  Users,
  UsersRound,
  Video,
  Wallet,
  X,
  Youtube,
  Eye,
  Zap,
  Headphones,
  Lightbulb,
  // Landing pages (/yoga, /creator)
  BellRing,
  ClipboardList,
  IndianRupee,
  KeyRound,
  Mail,
  Ticket,
} as const;

export type IconName = keyof typeof icons;
