/**
 * What Mantine's AppShell header, footer and aside import from react-remove-scroll (vite.config.ts resolves
 * that import here): only the class name that keeps a fixed bar clear of the scrollbar a modal hides. The
 * real import brought react-remove-scroll's whole scroll lock (the Modal's) into the shell of every page.
 */
export const RemoveScroll = {
  classNames: { zeroRight: 'right-scroll-bar-position', fullWidth: 'width-before-scroll-bar' },
} as const;
