import { screen } from '@testing-library/react';

// The test environment's getComputedStyle (src/testing/computed-style.cjs) must answer exactly as jsdom's own:
// every property, priority and the resolved visibility, for every element of a varied page.

const jsdomGetComputedStyle = (window.getComputedStyle as typeof window.getComputedStyle & { jsdom?: typeof window.getComputedStyle }).jsdom;

function differences() {
  const found: string[] = [];
  for (const element of [document.documentElement, ...document.querySelectorAll('*')]) {
    const ours = getComputedStyle(element);
    const theirs = jsdomGetComputedStyle!.call(window, element);
    if (ours.cssText !== theirs.cssText || ours.visibility !== theirs.visibility || ours.length !== theirs.length) {
      found.push(`${element.outerHTML.slice(0, 60)}: ${ours.cssText} / ${theirs.cssText}`);
    }
  }
  return found;
}

const sheet = `
  @font-face { font-family: x; src: url(x.woff) }
  @keyframes spin { to { opacity: 0 } }
  .gone { display: none }
  .veiled { visibility: hidden; color: red }
  .veiled .shown { visibility: visible }
  section > p { visibility: collapse !important; margin: 1px }
  .pointer { pointer-events: none }
  @media screen { .screen-veiled { visibility: hidden } }
  @media print { .print-veiled { visibility: hidden } }
  .later { visibility: visible }
`;

const page = `
  <main class="pointer">
    <div class="veiled"><span><b class="shown"><i>deep</i></b></span><em>hidden</em></div>
    <section><p>collapsed <a href="#">link</a></p><p style="visibility: visible">inline</p></section>
    <div class="screen-veiled print-veiled"><button>screen</button></div>
    <div class="print-veiled"><button>print</button></div>
    <div style="visibility: hidden"><span class="later veiled">both</span><span>inherits</span></div>
    <ul class="gone"><li>gone</li></ul>
    <svg><g class="veiled"><rect></rect></g></svg>
  </main>`;

test('is installed by the test environment', () => {
  expect(jsdomGetComputedStyle).toEqual(expect.any(Function));
  expect(getComputedStyle).not.toBe(jsdomGetComputedStyle);
});

test('answers as jsdom for every element, through class, style and sheet changes', () => {
  document.head.innerHTML = `<style>${sheet}</style>`;
  document.body.innerHTML = page;
  expect(differences()).toEqual([]);
  // It does see the visibility rules, the inherited values and the inline ones.
  expect(getComputedStyle(document.querySelector('i')!).visibility).toBe('visible');
  expect(getComputedStyle(document.querySelector('em')!).visibility).toBe('hidden');
  expect(getComputedStyle(document.querySelector('a')!).visibility).toBe('collapse');
  expect(getComputedStyle(document.querySelectorAll('button')[0]!).visibility).toBe('hidden');
  expect(getComputedStyle(document.querySelectorAll('button')[1]!).visibility).toBe('visible');

  document.querySelector('.veiled')!.classList.remove('veiled');
  document.querySelector('section')!.setAttribute('style', 'visibility: hidden');
  (document.querySelector('[style="visibility: hidden"]') as HTMLElement).style.visibility = '';
  expect(differences()).toEqual([]);

  // styled-components adds text to its style element, and rules through the CSSOM.
  document.head.querySelector('style')!.append('.shown { visibility: hidden } main { visibility: hidden }');
  document.head.append(Object.assign(document.createElement('style'), { textContent: '.later { display: inline-block }' }));
  (document.styleSheets[1] as CSSStyleSheet).insertRule('span { visibility: collapse }', 1);
  expect(differences()).toEqual([]);
  expect(getComputedStyle(document.querySelector('li')!).visibility).toBe('hidden');
});

test('leaves pseudo-elements and wrong arguments to jsdom', () => {
  document.body.innerHTML = '<p>x</p>';
  expect(() => getComputedStyle(document.querySelector('p')!, '::slotted(x)')).toThrow('Shadow DOM pseudo-element');
  expect(() => getComputedStyle({} as Element)).toThrow("is not of type 'Element'");
});

test("Testing Library's role queries still leave out what an ancestor's rule hides", () => {
  document.head.innerHTML = '<style>.veiled { visibility: hidden } .veiled .shown { visibility: visible } .gone { display: none }</style>';
  document.body.innerHTML = `
    <div class="veiled"><section><button>Hidden</button></section><p class="shown"><button>Shown again</button></p></div>
    <div class="gone"><button>Gone</button></div><button>Plain</button>`;
  expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Shown again', 'Plain']);
  expect(screen.getAllByRole('button', { hidden: true })).toHaveLength(4);
});
