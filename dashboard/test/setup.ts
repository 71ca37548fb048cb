import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';

// A loaded machine (CI, two cores) and the lazily loaded charts can take more than the default 1 s.
configure({ asyncUtilTimeout: 8_000 });

// recharts' ResponsiveContainer measures its parent; jsdom has no layout.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= ResizeObserverStub;
// …and reads its parent's size from getBoundingClientRect, which is all zeros without layout (recharts
// then warns that the chart has no size). A fixed size stands in for the layout.
HTMLElement.prototype.getBoundingClientRect = function () {
  return { x: 0, y: 0, top: 0, left: 0, width: 800, height: 400, right: 800, bottom: 400, toJSON: () => ({}) } as DOMRect;
};

// The DOM matchers these tests use (instead of another dependency, @testing-library/jest-dom).
expect.extend({
  toBeInTheDocument(received: Element | null) {
    const pass = received !== null && received.ownerDocument.contains(received);
    return { pass, message: () => `expected element ${pass ? 'not ' : ''}to be in the document` };
  },
  toHaveValue(received: HTMLInputElement, value: string) {
    const pass = received.value === value;
    return { pass, message: () => `expected value ${pass ? 'not ' : ''}to be ${value}, got ${received.value}` };
  },
  toHaveAttribute(received: Element, name: string, value?: string) {
    const actual = received.getAttribute(name);
    const pass = value === undefined ? actual !== null : actual === value;
    return { pass, message: () => `expected [${name}] ${pass ? 'not ' : ''}to be ${value ?? 'present'}, got ${actual}` };
  },
});

declare module 'vitest' {
  interface Assertion {
    toBeInTheDocument(): void;
    toHaveAttribute(name: string, value?: string): void;
    toHaveValue(value: string): void;
  }
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/dashboard/');
});
