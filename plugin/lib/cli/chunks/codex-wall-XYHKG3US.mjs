import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{d as a,e as b,f as c,g as d,h as e,i as f,j as g,k as h,l as i}from"./chunk-2OWMVAFZ.mjs";import"./chunk-AU7VWRMZ.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as CODEX_CONFIG_FILE,b as CODEX_WALL_BEGIN,c as CODEX_WALL_END,g as CodexWallClashError,d as codexWallBlock,f as hasCodexWall,h as installCodexWall,i as uninstallCodexWall,e as withoutCodexWall};
