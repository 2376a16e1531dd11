import olCss from 'ol/ol.css';
import { createGlobalStyle } from 'styled-components';

/** OpenLayers' own stylesheet (controls, attribution, viewport), once for every map on the page. */
export const OlStyles = createGlobalStyle`${olCss}`;
