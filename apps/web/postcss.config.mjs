import presetMantine from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';

/**
 * The app is light only (MantineProvider forceColorScheme="light", src/app/providers.tsx): the dark scheme's
 * rules in Mantine's stylesheets (dates, notifications, the theme's variables, the editor's) are dropped.
 */
const DARK = /color-scheme=['"]?dark/;
const dropDarkScheme = {
  postcssPlugin: 'tankha-drop-dark-scheme',
  Rule(rule) {
    if (!DARK.test(rule.selector)) return;
    const kept = rule.selectors.filter((selector) => !DARK.test(selector));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  },
};

export default {
  plugins: [
    presetMantine(),
    simpleVars({
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    }),
    dropDarkScheme,
  ],
};
