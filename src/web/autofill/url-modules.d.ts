// Vite's `?url` imports: the built file's URL on our own origin (here, pdf.js's worker).
declare module '*?url' {
  const url: string;
  export default url;
}
