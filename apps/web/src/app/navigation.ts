/**
 * Navigation from outside React (the API client). The router registers its navigate function at
 * start-up; until then (and in unit tests) the browser location is used.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
/** May return a promise that settles once the route has changed (the data router's navigate does). */
export type Navigator = (to: string, options?: NavigateOptions) => void | Promise<void>;

const locationNavigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let navigator: Navigator = locationNavigator;

export function setNavigator(next: Navigator): () => void {
  navigator = next;
  return () => {
    if (navigator === next) navigator = locationNavigator;
  };
}

export function navigateTo(to: string, options?: NavigateOptions): void | Promise<void> {
  return navigator(to, options);
}

export function currentPath(): string {
  return window.location.pathname;
}

/** Where a visitor was, so that login can return there (platform §2.2 "origin remembered"). */
export interface LoginState {
  from?: { pathname: string; search?: string; hash?: string };
}

export function currentOrigin(): LoginState {
  const { pathname, search, hash } = window.location;
  return { from: { pathname, search, hash } };
}
