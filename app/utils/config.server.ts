// The Worker's configuration readers that loaders use. A route module reaches worker/ only through a .server module,
// which never goes to the browser.
export { isProduction } from "#worker/platform/config";
