// The web app's layers as a check (`npm run lint:deps`, run by scripts/test beside the lint):
// code flows one way, shared (api/, components/, lib/, protocol/) → features → the app
// (App.tsx, main.tsx), as bulletproof-react lays a React app out. A feature may use another
// feature below it, never one that uses it back: what two features share moves down to the
// shared folders, and where two features need each other the app composes them (a route, a
// prop, a provider it wires), as App.tsx's MessagingLinkPage does for messaging and the header.
// Of the shared layer, the wire types (api/types/, protocol/) are api/'s alone: features see
// client models, mapped once in api/.
//
// It cruises from src/main.tsx: the app's own graph, lazy pages included. Tests are not in it:
// nothing imports them, and they render features inside the app's providers
// (src/test/renderApp.tsx), as the app does. Type-only imports count (tsPreCompilationDeps).
// TypeScript 7 has no JavaScript API for dependency-cruiser to parse with: it reads the
// TypeScript through @swc/core instead (a dev dependency for that alone). dependency-cruiser
// 17, not 18: 18 refuses Node.js 20, which these machines run.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycles',
      comment:
        'Features import one another in one direction: this feature folder reaches itself again ' +
        'through another. Move what both use down to components/, lib/ or api/, or let the app ' +
        'compose the two (a route, a prop, a provider in App.tsx).',
      severity: 'error',
      // Folders, not files: the ring this guards against was among feature folders while no
      // two files imported each other in a circle.
      scope: 'folder',
      from: { path: '^src/features/[^/]+$' },
      to: { path: '^src/features/[^/]+$', circular: true },
    },
    {
      name: 'no-file-cycles',
      comment: 'Modules that import each other in a circle.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-below-features',
      comment:
        'api/, components/, lib/ and protocol/ are the layer under the features: they import no ' +
        'feature and not the app.',
      severity: 'error',
      from: { path: '^src/(api|components|lib|protocol)/' },
      to: { path: '^src/(features/|App\\.tsx$|main\\.tsx$)' },
    },
    {
      name: 'features-use-client-models',
      comment:
        'Features use client models, never wire types (issue 35): the generated api/types/ and ' +
        'protocol/ are read and written in api/ only, where the wire becomes a model ' +
        '(models.ts, postModels.ts, messagingModels.ts, composerModels.ts, realtime/, the ' +
        'endpoints). Map the answer there and import the model. Test helpers that fake the ' +
        "server's answers may keep wire shapes: tests are outside this graph.",
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/(api/types|protocol)/' },
    },
    {
      name: 'features-below-app',
      comment: 'The app composes the features; a feature does not import the app.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/(App|main)\\.tsx$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
