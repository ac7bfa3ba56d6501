interface ImportMetaEnv {
  /** True in the browser's build, which runs Preact in React's place (vite.config.ts). */
  readonly PREACT: boolean;
}
