// Modules that Vite plugins of this project provide (vite.config.ts).
declare module "virtual:grid-preload" {
  const files: string[];
  export default files;
}
declare module "virtual:changelog-dialog" {
  export const changelogDialog: import("./utils/hydrated").LateCode<
    import("react").ComponentType<{ onClose: () => void; serverOpen?: boolean }>
  >;
}
