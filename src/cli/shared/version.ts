import packageJson from "../../../package.json" with { type: "json" };

/** The package's version, inlined into the bundle at build time. */
export const VERSION: string = packageJson.version;
