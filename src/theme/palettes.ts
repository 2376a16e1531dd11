export interface Palette {
  name: 'light' | 'dark';
  background: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  muted: string;
  border: string;
  primary: string;
  primaryText: string;
  danger: string;
  success: string;
  warning: string;
  warningText: string;
  marked: string;
  shadow: string;
}

export const light: Palette = {
  name: 'light',
  background: '#f4f6f9',
  surface: '#ffffff',
  surfaceAlt: '#eef2f7',
  text: '#1c2430',
  muted: '#5b6675',
  border: '#d6dde6',
  primary: '#1a64d8',
  primaryText: '#ffffff',
  danger: '#c62828',
  success: '#2e7d32',
  warning: '#fff4c2',
  warningText: '#5c4700',
  marked: '#fde8e8',
  shadow: '0 1px 3px rgba(16, 24, 40, 0.12)',
};

export const dark: Palette = {
  name: 'dark',
  background: '#0f141a',
  surface: '#18202a',
  surfaceAlt: '#212b37',
  text: '#e6ebf1',
  muted: '#9aa6b4',
  border: '#2f3b49',
  primary: '#5b9bff',
  primaryText: '#0b1016',
  danger: '#ff6b6b',
  success: '#5fd27a',
  warning: '#4a3d00',
  warningText: '#ffe58a',
  marked: '#3a1d22',
  shadow: '0 1px 3px rgba(0, 0, 0, 0.5)',
};
