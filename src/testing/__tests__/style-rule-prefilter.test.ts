import { mayMatch, subjectRequirements } from '../style-rule-prefilter.cjs';

// The prefilter in front of jsdom's style-rule matching (src/testing/jsdom-environment.js) may turn a rule
// down only when the element cannot match it: getComputedStyle must answer as jsdom alone would.

test('reads the tag, id and classes the last compound of each alternative requires, and leaves the rest to nwsapi', () => {
  expect(subjectRequirements('.abc:hover')).toEqual([{ tag: null, id: null, classes: ['abc'] }]);
  expect(subjectRequirements('.a .b')).toEqual([{ tag: null, id: null, classes: ['b'] }]);
  expect(subjectRequirements('div > Span.X::before')).toEqual([{ tag: 'span', id: null, classes: ['x'] }]);
  expect(subjectRequirements('ul, ol:not(.a .b)')).toEqual([
    { tag: 'ul', id: null, classes: [] },
    { tag: 'ol', id: null, classes: [] },
  ]);
  expect(subjectRequirements('input[type="a, b > c"]#Who.c')).toEqual([{ tag: 'input', id: 'who', classes: ['c'] }]);
  expect(subjectRequirements('td:nth-child(2n+1)')).toEqual([{ tag: 'td', id: null, classes: [] }]);
  // An alternative that requires nothing read here, an escape, a namespace or nesting: nwsapi decides.
  for (const selector of ['.a, [hidden]', '*', ':is(.a, .b)', '.a\\:b', 'svg|a', '& .a', 'a[title="x']) expect(subjectRequirements(selector)).toBeNull();
});

const selectors = [
  // jsdom's own default style sheet has selectors like these.
  'address, blockquote, center, div, figure, figcaption, footer, form, header, hr, legend, listing, main, p, plaintext, pre, search, xmp',
  '[hidden], area, base, basefont, datalist, head, link, meta, noembed, noframes, param, rp, script, style, template, title',
  'table > tbody > tr, ul ul, ol li',
  'input[type="hidden" i]',
  // styled-components writes rules like these.
  '.sc-a.Kx',
  '.Kx:hover',
  '.Kx:focus-visible',
  '.Kx .inner',
  '.Kx > svg',
  '#Title, .note',
  'button:disabled',
  'svg rect.bar',
  ':root',
  '.missing',
];

test('never turns down an element that matches (every selector against every element of a varied page)', () => {
  document.body.innerHTML = `
    <main id="Title" class="Kx sc-a"><p class="note inner">text</p><button class="Kx" disabled>b</button>
      <ul><li><ul><li class="KX">deep</li></ul></li></ul>
      <table><tbody><tr><td>1</td></tr></tbody></table>
      <svg><rect class="bar"></rect><g class="Kx"></g></svg>
      <input type="HIDDEN"><div hidden class=" Kx  other "></div><span class="inner"></span>
    </main>`;
  const elements = [document.documentElement, ...document.querySelectorAll('*')];
  const wronglyTurnedDown: string[] = [];
  let turnedDown = 0;
  for (const selector of selectors) {
    const requirements = subjectRequirements(selector);
    for (const element of elements) {
      if (requirements === null || mayMatch(requirements, element)) continue;
      turnedDown++;
      if (element.matches(selector)) wronglyTurnedDown.push(`${selector} / ${element.outerHTML.slice(0, 40)}`);
    }
  }
  expect(wronglyTurnedDown).toEqual([]);
  // And it does turn most pairs down, which is what it is for.
  expect(turnedDown).toBeGreaterThan(selectors.length * elements.length * 0.5);
});

test('computed styles follow class changes and the rules styled-components adds later', () => {
  // Rules without a selector (@font-face, @keyframes) sit in the same sheets.
  document.head.innerHTML = '<style>@font-face { font-family: x; src: url(x.woff) } @keyframes spin { to { opacity: 0 } } .shown { display: block } .gone { display: none }</style>';
  document.body.innerHTML = '<div id="box" class="shown"></div>';
  const box = document.getElementById('box')!;
  expect(getComputedStyle(box).display).toBe('block');
  box.className = 'gone';
  expect(getComputedStyle(box).display).toBe('none');
  box.className = 'shown GONE';
  expect(getComputedStyle(box).display).toBe('block');
  document.head.querySelector('style')!.append('.late { visibility: hidden }');
  box.classList.add('late');
  expect(getComputedStyle(box.appendChild(document.createElement('span'))).visibility).toBe('hidden');
});
