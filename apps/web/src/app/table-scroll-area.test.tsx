import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ScrollArea } from './table-scroll-area';

describe("Table.ScrollContainer's native scroll area", () => {
  it('scrolls a wide table sideways and keeps ScrollArea-only props off the DOM', () => {
    const { container } = render(
      <ScrollArea offsetScrollbars="x" scrollbarSize={8} type="auto" className="wrapper" data-testid="scroll">
        <table />
      </ScrollArea>,
    );
    const div = container.firstElementChild as HTMLElement;
    expect(div.tagName).toBe('DIV');
    expect(div.style.overflowX).toBe('auto');
    expect(div.className).toBe('wrapper');
    expect(div.dataset.testid).toBe('scroll');
    expect(div.getAttribute('offsetScrollbars')).toBeNull();
    expect(div.getAttribute('scrollbarSize')).toBeNull();
    expect(div.getAttribute('type')).toBeNull();
    expect(div.querySelector('table')).not.toBeNull();
  });
});
