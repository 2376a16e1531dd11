import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages load lazily and CI machines are busy (two jest workers, one of them driving Chromium, with a cold
// transform cache on a fresh clone): give findBy/waitFor more than the default second. Only a failing
// wait lasts this long; a passing one ends as soon as its condition holds.
configure({ asyncUtilTimeout: 20_000 });

// The units' default follows the region of the browser's language (docs/units.md), and jsdom says en-US:
// tests start from a browser without a region (metric), and the units tests set their own.
Object.defineProperty(window.navigator, 'languages', { value: ['en'], configurable: true });

// jsdom draws nothing and logs "Not implemented" for scrolling; tests that care spy on these.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
