/** Dependency direction (ARCHITECTURE §1): shared ← ledger ← server; shared ← web. Nothing imports server or web. */
module.exports = {
  forbidden: [
    { name: 'shared-is-the-bottom', severity: 'error', from: { path: '^packages/shared' }, to: { path: '^(packages/ledger|apps/)' } },
    { name: 'ledger-only-needs-shared', severity: 'error', from: { path: '^packages/ledger' }, to: { path: '^apps/' } },
    { name: 'nobody-imports-server', severity: 'error', from: { pathNot: '^apps/server' }, to: { path: '^apps/server' } },
    { name: 'nobody-imports-web', severity: 'error', from: { pathNot: '^apps/web' }, to: { path: '^apps/web' } },
    { name: 'web-never-imports-ledger', severity: 'error', from: { path: '^apps/web' }, to: { path: '^packages/ledger' } },
    {
      name: 'web-features-are-independent',
      comment: 'Inside web, features do not import each other; the app layer composes them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|\\.test\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
