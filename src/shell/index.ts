// Could a Bash command write a protected path? See analyze.ts and precheck.ts.
export { analyzeCommand } from './analyze.js';
export { mightTouchProtected } from './precheck.js';
export { parserLoadCount } from './parser.js';
export { protectedNamesFor, protectedPathMatcher } from './protected-model.js';
export type { AnalyzeOptions, ProtectedWrite, WriteAnalysis } from './types.js';
