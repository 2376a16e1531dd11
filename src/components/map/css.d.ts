declare module '*.css' {
  /** Stylesheets are bundled as text (webpack asset/source). */
  const css: string;
  export default css;
}
