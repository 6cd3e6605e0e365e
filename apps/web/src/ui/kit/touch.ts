// From its own module: ResponsiveList would bring Table and ScrollArea into the shell's first load.
import { useNarrowScreen } from './narrow';

/** The least height of a touch target. */
const TOUCH_PX = 44;

/**
 * A page's main touch target on a phone is at least 44 px high (issue's floor, WCAG 2.5.5): Mantine's
 * `lg` button is 50 px and its `xl` action icon 44 px. From `sm` up the desk sizes stay as they were.
 * `minHeight` is for a row that is itself the target (a navigation link).
 */
export function useTouchSize(): { button: 'lg' | undefined; icon: 'xl' | undefined; minHeight: number | undefined } {
  const narrow = useNarrowScreen();
  return narrow ? { button: 'lg', icon: 'xl', minHeight: TOUCH_PX } : { button: undefined, icon: undefined, minHeight: undefined };
}
