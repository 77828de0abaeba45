import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q}from"./chunk-AOG7PZAB.mjs";import"./chunk-CXS6YJ7R.mjs";export{m as ParseErrorCode,b as ScanError,c as SyntaxKind,q as applyEdits,a as createScanner,g as findNodeAtLocation,h as findNodeAtOffset,o as format,d as getLocation,i as getNodePath,j as getNodeValue,p as modify,e as parse,f as parseTree,n as printParseErrorCode,l as stripComments,k as visit};
