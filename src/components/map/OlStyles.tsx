import olCss from 'ol/ol.css';
import { createGlobalStyle } from 'styled-components';

/** OpenLayers' own stylesheet (controls, attribution, viewport), once for every map on the page, with touch targets of at least 24 px. */
export const OlStyles = createGlobalStyle`
  ${olCss}
  /* WCAG 2.2 target size: map buttons at least 24 × 24 px. */
  .ol-control button {
    min-width: 24px;
    min-height: 24px;
  }
`;
