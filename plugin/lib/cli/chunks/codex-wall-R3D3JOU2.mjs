import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{a,b,c,d,e,f,g,h,i}from"./chunk-LK2RVVTE.mjs";import"./chunk-WBSFIQHO.mjs";import"./chunk-P3OMH57W.mjs";import"./chunk-3HO6XTHY.mjs";import"./chunk-4M2XKEYQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as CODEX_CONFIG_FILE,b as CODEX_WALL_BEGIN,c as CODEX_WALL_END,g as CodexWallClashError,d as codexWallBlock,f as hasCodexWall,h as installCodexWall,i as uninstallCodexWall,e as withoutCodexWall};
