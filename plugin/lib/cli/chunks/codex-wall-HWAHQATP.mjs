import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
import{h as a,i as b,j as c,k as d,l as e,m as f,n as g,o as h,p as i}from"./chunk-OH75RATO.mjs";import"./chunk-ODA7YJTQ.mjs";import"./chunk-CXS6YJ7R.mjs";export{a as CODEX_CONFIG_FILE,b as CODEX_WALL_BEGIN,c as CODEX_WALL_END,g as CodexWallClashError,d as codexWallBlock,f as hasCodexWall,h as installCodexWall,i as uninstallCodexWall,e as withoutCodexWall};
