import 'styled-components';
import type { Palette } from './palettes';

declare module 'styled-components' {
  /** The theme every styled component receives: the palette of the current mode (named by `name`). */
  export interface DefaultTheme extends Palette {
    name: Palette['name'];
  }
}
