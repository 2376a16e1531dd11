// jsdom's getComputedStyle matches every rule of every style sheet (its own default sheet and the rules
// styled-components writes) against the element, and for `visibility` against each of its ancestors too,
// through nwsapi, whose cache of compiled selectors is keyed by a new string per call. Testing Library asks
// it for every element a role query looks at and every node of an accessible name, user-event for each
// ancestor of what it clicks: a third of an app test's CPU went there (docs/testing.md, App tests).
//
// Most rules cannot match a given element for a reason seen without nwsapi: the last compound of each of
// their selectors names a class, id or tag the element does not have (styled-components' rules are
// `.hash{…}`). This answers those `false` at once and hands every other rule to nwsapi as before, so each
// answer is the one nwsapi gives: a selector is only turned down when no alternative of it can match.
'use strict';

const { implForWrapper } = require('jsdom/lib/jsdom/living/generated/utils');

/**
 * What the subject (last compound) of each alternative of a selector list requires, lowercased so that a
 * quirks-mode document's case-insensitive classes are never turned down; null when the selector is not read
 * here (escapes, namespaces, nesting, an alternative that requires nothing): nwsapi decides those.
 * @returns {{ tag: string | null, id: string | null, classes: string[] }[] | null}
 */
function subjectRequirements(selectors) {
  const selectorList = selectors.trim();
  if (/[\\|&]/.test(selectorList)) return null;
  const alternatives = [];
  let depth = 0;
  let quote = '';
  let subjectStart = 0;
  const finish = (end) => {
    alternatives.push(selectorList.slice(subjectStart, end).trim());
  };
  for (let i = 0; i < selectorList.length; i++) {
    const c = selectorList[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && c === ',') {
      finish(i);
      subjectStart = i + 1;
    } else if (depth === 0 && (c === ' ' || c === '\n' || c === '\t' || c === '>' || c === '+' || c === '~')) subjectStart = i + 1;
  }
  if (quote || depth !== 0) return null;
  finish(selectorList.length);
  const requirements = [];
  for (const subject of alternatives) {
    const need = compoundRequirements(subject);
    if (!need) return null;
    requirements.push(need);
  }
  return requirements;
}

const IDENT = /^-?[_a-zA-Z\u00a0-\uffff][-_a-zA-Z0-9\u00a0-\uffff]*/;

/** Where the bracket or parenthesis opened at `from` closes (quotes inside skipped), or -1. */
function closing(text, from) {
  let depth = 0;
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && --depth === 0) return i;
  }
  return -1;
}

/** The tag, id and classes a compound selector such as `button.a#b:hover` requires at its top level, or null. */
function compoundRequirements(compound) {
  const need = { tag: null, id: null, classes: [] };
  let i = 0;
  const ident = () => {
    const name = IDENT.exec(compound.slice(i));
    if (name) i += name[0].length;
    return name ? name[0].toLowerCase() : null;
  };
  if (compound[0] === '*') i = 1;
  else need.tag = ident();
  while (i < compound.length) {
    const c = compound[i];
    if (c === '.' || c === '#') {
      i++;
      const name = ident();
      if (name === null) return null;
      if (c === '.') need.classes.push(name);
      else need.id = name;
    } else if (c === '[') {
      // An attribute selector requires nothing read here.
      const end = closing(compound, i);
      if (end < 0) return null;
      i = end + 1;
    } else if (c === ':') {
      // Nor does a pseudo-class or pseudo-element, arguments included.
      i += compound[i + 1] === ':' ? 2 : 1;
      if (ident() === null) return null;
      if (compound[i] === '(') {
        const end = closing(compound, i);
        if (end < 0) return null;
        i = end + 1;
      }
    } else return null;
  }
  if (need.tag === null && need.id === null && need.classes.length === 0) return null;
  return need;
}

/** The element's lowercased classes, read again only when its class attribute changed. */
const classCache = new WeakMap();
function classesOf(element) {
  const attribute = element.getAttributeNS(null, 'class') ?? '';
  const cached = classCache.get(element);
  if (cached && cached.attribute === attribute) return cached.classes;
  const classes = new Set(attribute.toLowerCase().split(/[ \t\n\f\r]+/).filter(Boolean));
  classCache.set(element, { attribute, classes });
  return classes;
}

function mayMatch(requirements, element) {
  for (const need of requirements) {
    if (need.tag !== null && element.localName.toLowerCase() !== need.tag) continue;
    if (need.id !== null && (element.getAttributeNS(null, 'id') ?? '').toLowerCase() !== need.id) continue;
    if (need.classes.length > 0) {
      const classes = classesOf(element);
      if (!need.classes.every((name) => classes.has(name))) continue;
    }
    return true;
  }
  return false;
}

/**
 * Puts the prefilter in front of the nwsapi instance that jsdom keeps, per document, for matching style
 * rules only (`_nwsapiDontThrow`; `matches()`, `querySelector()` and `closest()` use another one).
 */
function prefilterStyleRules(window) {
  const document = implForWrapper(window.document);
  // jsdom makes the instance with the first style rule it matches.
  window.getComputedStyle(window.document.documentElement);
  const nwsapi = document._nwsapiDontThrow;
  if (!nwsapi || typeof nwsapi.match !== 'function') throw new Error('jsdom no longer keeps _nwsapiDontThrow: update src/testing/style-rule-prefilter.cjs');
  const match = nwsapi.match.bind(nwsapi);
  const read = new Map();
  nwsapi.match = (selectors, element, callback) => {
    // Rules without a selector (@font-face, @keyframes) reach here with none: nwsapi answers them.
    if (typeof selectors !== 'string') return match(selectors, element, callback);
    let requirements = read.get(selectors);
    if (requirements === undefined) {
      requirements = subjectRequirements(selectors);
      read.set(selectors, requirements);
    }
    if (requirements !== null && element && !mayMatch(requirements, element)) return false;
    return match(selectors, element, callback);
  };
}

module.exports = { prefilterStyleRules, subjectRequirements, mayMatch };
