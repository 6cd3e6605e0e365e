import { describe, expect, it } from 'vitest';
import { RemoveScroll as real } from '@mantine/core';
import { RemoveScroll } from './app-shell-remove-scroll';

describe('the AppShell stand-in for react-remove-scroll', () => {
  it('gives the class names the real scroll lock compensates for', () => {
    expect(RemoveScroll.classNames).toEqual({ zeroRight: real.classNames.zeroRight, fullWidth: real.classNames.fullWidth });
  });
});
