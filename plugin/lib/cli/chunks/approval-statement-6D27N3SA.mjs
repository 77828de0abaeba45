import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c,d,e,f,g}from"./chunk-EAB74SYL.mjs";import"./chunk-CXS6YJ7R.mjs";export{b as APPROVAL_NAMESPACE,c as SIGNERS_FILE,a as STATEMENT_HEADER,f as parseStatementText,g as repoIdentityOf,d as statementProblem,e as statementText};
