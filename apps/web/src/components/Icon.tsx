import {
  Check,
  ChevronDown,
  Cog,
  Hourglass,
  ListEnd,
  MemoryStick,
  Menu,
  Minus,
  Star,
  Timer,
  TriangleAlert,
  X,
  type LucideIcon,
} from 'lucide-react';

/**
 * Every icon of the web, from one set (lucide, drawn as SVG: issue 45), by what it means. No emoji or
 * symbol glyphs: a font that lacks one shows a box. Icons are decoration beside words (aria-hidden);
 * a control with an icon alone names itself with aria-label.
 */
const ICONS = {
  accepted: Check,
  wrong_answer: X,
  time_limit_exceeded: Timer,
  memory_limit_exceeded: MemoryStick,
  runtime_error: TriangleAlert,
  output_limit_exceeded: ListEnd,
  compilation_error: Cog,
  partial: Hourglass,
  close: X,
  menu: Menu,
  expand: ChevronDown,
  warning: TriangleAlert,
  notJudged: Minus,
  first: Star,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 16, className }: { name: IconName; size?: number; className?: string }) {
  const Drawn = ICONS[name];
  return <Drawn size={size} aria-hidden="true" focusable="false" className={className} strokeWidth={2.25} />;
}
