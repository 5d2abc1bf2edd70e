/** The address of a module built as a chunk of its own, to `import()` when needed (src/integrations/lazy-script.ts). */
declare module 'virtual:lazy-script:*' {
  const url: string;
  export default url;
}
