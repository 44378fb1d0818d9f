// Lint: JavaScript's and typescript-eslint's recommended rules, React's hook rules and jsx-a11y. Formatting is
// Prettier's alone (eslint-config-prettier turns the overlapping rules off).
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "public/build/", ".wrangler/", ".cache/", ".scratch/", ".tmp/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The two classic hook rules. The React Compiler's rules stay off: the app runs React 18 without the compiler, and the
  // grids keep their latest props in refs read during render on purpose (ADR 076).
  {
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  jsxA11y.flatConfigs.recommended,
  // A rule turned off in place says why on the same line.
  comments.recommended,
  { rules: { "@eslint-community/eslint-comments/require-description": "error" } },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Scrolling boxes take focus so a keyboard can scroll them (WCAG 2.1.1); they are labelled regions.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"] }],
      // autoFocus is used only in a dialog or cell editor a person has just opened, where focus belongs.
      "jsx-a11y/no-autofocus": "off",
      // The Remix build is imported by tests and the Worker before it exists for the type checker.
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
      // `interface Env extends Cloudflare.Env {}` is how wrangler's generated types are merged.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
  prettier,
);
