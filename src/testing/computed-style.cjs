// jsdom 20's getComputedStyle, answering the same but resolving `visibility` without matching every rule
// against every ancestor.
//
// jsdom matches every style rule against the element, then resolves `visibility` (the one property it
// inherits) by matching every rule against the element again and, while none sets it, against its parent,
// grandparent… up to the root: one getComputedStyle cost as many passes over all the rules as the element is
// deep. Testing Library asks it for each element a role query looks at and for each of its ancestors
// (hidden?), user-event for each ancestor of what it clicks (pointer-events): passes grew with the square of
// the page's depth and were most of an app test's CPU (docs/testing.md, App tests).
//
// Here the element's own rules are matched once, and its `visibility` taken from them (the last matched rule
// that sets it, then the inline style) as jsdom's second pass takes it; the ancestors are matched only against
// the rules that set `visibility` (few or none: jsdom's default sheet has none), since a rule that does not set
// it cannot change its value. Everything else is jsdom's code as it is, with its own helpers.
'use strict';

const { readFileSync } = require('node:fs');
const { dirname } = require('node:path');

// jsdom's entry first: its internal modules require each other in circles that only its own order resolves.
require('jsdom');
// The copies jsdom itself loads.
const fromJsdom = (name) => require(require.resolve(name, { paths: [dirname(require.resolve('jsdom/package.json'))] }));
const { CSSStyleDeclaration: StyleDeclaration } = fromJsdom('cssstyle');
const cssom = fromJsdom('cssom');
const defaultStyleSheet = require('jsdom/lib/jsdom/browser/default-stylesheet');
const ElementInterface = require('jsdom/lib/jsdom/living/generated/Element');
const { forEachMatchingSheetRuleOfElement, propertiesWithResolvedValueImplemented } = require('jsdom/lib/jsdom/living/helpers/style-rules');
const { matchesDontThrow } = require('jsdom/lib/jsdom/living/helpers/selectors');

const { forEach, indexOf } = Array.prototype;

/** Written against jsdom 20.0.3's Window.js and style-rules.js: a newer jsdom must be read again. */
function checkJsdom() {
  const { version } = JSON.parse(readFileSync(require.resolve('jsdom/package.json'), 'utf8'));
  const resolved = Object.keys(propertiesWithResolvedValueImplemented);
  if (!version.startsWith('20.') || resolved.length !== 1 || resolved[0] !== 'visibility') {
    throw new Error(`jsdom ${version} computes styles differently from 20.0.3: update src/testing/computed-style.cjs`);
  }
}

// jsdom parses its default sheet once per process for matching; the same text here, only to find its rules
// that set visibility (it has none today).
let defaultSheet;

const setsVisibility = (rule) => rule.style !== undefined && rule.style.getPropertyValue('visibility') !== '';

/** The rules that set `visibility`, in the order jsdom visits them (forEachMatchingSheetRuleOfElement). */
function visibilityRules(documentImpl) {
  const rules = [];
  const handleSheet = (sheet) => {
    forEach.call(sheet.cssRules, (rule) => {
      if (rule.media) {
        if (indexOf.call(rule.media, 'screen') !== -1) {
          forEach.call(rule.cssRules, (innerRule) => {
            if (setsVisibility(innerRule)) rules.push(innerRule);
          });
        }
      } else if (setsVisibility(rule)) rules.push(rule);
    });
  };
  if (!defaultSheet) defaultSheet = cssom.parse(defaultStyleSheet);
  handleSheet(defaultSheet);
  forEach.call(documentImpl.styleSheets._list, handleSheet);
  return rules;
}

/** The cascaded `visibility` of an element (jsdom's getCascadedPropertyValue), from the rules that set it. */
function cascadedVisibility(elementImpl, rules) {
  let value = '';
  for (const rule of rules) {
    if (matchesDontThrow(elementImpl, rule.selectorText)) value = rule.style.getPropertyValue('visibility');
  }
  const inlineValue = elementImpl.style.getPropertyValue('visibility');
  if (inlineValue !== '' && inlineValue !== null) value = inlineValue;
  return value;
}

/** Replaces the window's getComputedStyle with one that answers as jsdom's does (kept as `.jsdom` for tests). */
function fastComputedStyle(window) {
  checkJsdom();
  const jsdomGetComputedStyle = window.getComputedStyle;
  function getComputedStyle(elt, pseudoElt = undefined) {
    // Pseudo-elements: jsdom's answer (it converts the argument, throws or logs "not implemented").
    if (pseudoElt !== undefined && pseudoElt !== null) return jsdomGetComputedStyle.call(window, elt, pseudoElt);
    const elementImpl = ElementInterface.convert(window, elt);

    const declaration = new StyleDeclaration();
    const { style } = elementImpl;
    let visibility = '';
    forEachMatchingSheetRuleOfElement(elementImpl, (rule) => {
      forEach.call(rule.style, (property) => {
        declaration.setProperty(property, rule.style.getPropertyValue(property), rule.style.getPropertyPriority(property));
      });
      // What jsdom's second pass over the element's rules finds: the last matched rule that sets it.
      const ruleValue = rule.style.getPropertyValue('visibility');
      if (ruleValue !== '') visibility = ruleValue;
    });

    // The resolved value of `visibility`: the element's cascaded value, else its parent's computed value
    // (inherited), up to the root, else the initial value.
    const inlineValue = style.getPropertyValue('visibility');
    if (inlineValue !== '' && inlineValue !== null) visibility = inlineValue;
    if (visibility === '') {
      const rules = visibilityRules(elementImpl._ownerDocument);
      for (let ancestor = elementImpl.parentElement; ancestor !== null && visibility === ''; ancestor = ancestor.parentElement) {
        visibility = cascadedVisibility(ancestor, rules);
      }
      if (visibility === '') visibility = propertiesWithResolvedValueImplemented.visibility.initial;
    }
    declaration.setProperty('visibility', visibility);

    forEach.call(style, (property) => {
      declaration.setProperty(property, style.getPropertyValue(property), style.getPropertyPriority(property));
    });

    return declaration;
  }
  getComputedStyle.jsdom = jsdomGetComputedStyle;
  window.getComputedStyle = getComputedStyle;
}

module.exports = { fastComputedStyle };
