const __continuityModuleUrl = require("node:url").pathToFileURL(__filename).href;
"use strict";var Ur=Object.create;var $e=Object.defineProperty;var Hr=Object.getOwnPropertyDescriptor;var Gr=Object.getOwnPropertyNames;var qr=Object.getPrototypeOf,Br=Object.prototype.hasOwnProperty;var Vr=(e,t)=>{for(var n in t)$e(e,n,{get:t[n],enumerable:!0})},Qt=(e,t,n,s)=>{if(t&&typeof t=="object"||typeof t=="function")for(let r of Gr(t))!Br.call(e,r)&&r!==n&&$e(e,r,{get:()=>t[r],enumerable:!(s=Hr(t,r))||s.enumerable});return e};var zr=(e,t,n)=>(n=e!=null?Ur(qr(e)):{},Qt(t||!e||!e.__esModule?$e(n,"default",{value:e,enumerable:!0}):n,e)),Xr=e=>Qt($e({},"__esModule",{value:!0}),e);var Oo={};Vr(Oo,{guardFromHotState:()=>xo});module.exports=Xr(Oo);var Wr=require("node:path");var K=require("node:fs"),sn=require("node:path");var G=require("node:fs"),mt=require("node:path"),Ce="redaction.key",Kr=/^[0-9a-f]{64}$/,en=new Map,Yr=Symbol.for("continuity.redaction-dir");function tn(e){try{let t=(0,G.readFileSync)(e,"utf8").trim();return Kr.test(t)?t:null}catch{return null}}function nn(e){let t=en.get(e);if(t!==void 0)return t;let n=(0,mt.join)(e,Ce),s=tn(n);if(s===null){let r=new Uint8Array(32);globalThis.crypto.getRandomValues(r);let i=Array.from(r,a=>a.toString(16).padStart(2,"0")).join(""),o=(0,mt.join)(e,`.${Ce}.${process.pid}`);try{(0,G.writeFileSync)(o,`${i}
`,{mode:384});try{(0,G.linkSync)(o,n)}catch(a){if(a.code!=="EEXIST")throw a}finally{(0,G.unlinkSync)(o)}s=tn(n)}catch{s=null}}return en.set(e,s??""),s??""}function $(e){let t=e[Yr];return t===void 0?"":nn(t)}var rn="runs-later.json";var b=".continuity",Pe="ledger.db",oe="config.json";function Jr(e){return Zr.has(e)||/^ledger\.db(?:-wal|-shm|-journal|\.restoring|\.damaged-[\w-]+)$/.test(e)||/^\.state\.json\.\d+$/.test(e)||/^\.redaction\.key\.\d+$/.test(e)||/^\.runs-later\.json\.\d+$/.test(e)}var Zr=new Set([Pe,"state.json","spool",oe,"init-record.json","replaced",Ce,rn]);function gt(e){try{return(0,K.readdirSync)((0,sn.join)(e,b)).filter(t=>!Jr(t))}catch{return[]}}var ae=require("node:fs"),je=require("node:path");var Qr="state.json";function an(e,t){if(e.ledgerStamp===void 0||Me(t)!==e.ledgerStamp)return!1;let n=on((0,je.join)(t,Qr)),s=on((0,je.join)(t,oe));return n!==null&&(s===null||s<n)}function on(e){try{return(0,ae.statSync)(e).mtimeMs}catch{return null}}function Me(e){let t=0;for(let n of["ledger.db","ledger.db-wal"])try{t=Math.max(t,(0,ae.statSync)((0,je.join)(e,n)).mtimeMs)}catch{}return t}var cn=require("node:fs"),g=require("node:path");var es=/^file:\/\/\/\$bunfs\/[^%\\?#]*$/;function ln(e){if(!e.startsWith("file:"))return!1;if(es.test(e)&&!e.includes("/."))return!0;let t;try{t=decodeURIComponent(new URL(e).pathname)}catch{return!1}return t.startsWith("/$bunfs/")||/^\/?[A-Z]:[\\/]~BUN[\\/]/i.test(t)}var ts=[];function ns(e=process.env,t=process.argv[1]){let n=[...ts],s=!0;if(s)for(let r of[e.CONTINUITY_PLUGIN_ROOT,e.CLAUDE_PLUGIN_DATA])r&&(0,g.isAbsolute)(r)&&n.push({path:(0,g.resolve)(r),folder:!0});if(ln(__continuityModuleUrl)){let r=un(process.execPath),i=r&&(0,g.basename)((0,g.dirname)(r))==="bin"&&(0,g.basename)((0,g.dirname)((0,g.dirname)(r)))==="dist";r&&n.push(i?{path:(0,g.dirname)((0,g.dirname)(r)),folder:!0}:{path:r,folder:!1})}else if(t&&!s){let r=un(t);r&&/^cli\.[cm]js$/.test((0,g.basename)(r))&&(0,g.basename)((0,g.dirname)(r))==="dist"&&n.push({path:(0,g.dirname)(r),folder:!0})}return n.filter((r,i)=>n.findIndex(o=>o.path===r.path)===i)}function rs(e,t){return t.map(({path:n,folder:s})=>{let r=(0,g.relative)(e,n),i=r&&!r.startsWith("..")&&!(0,g.isAbsolute)(r)?r.split("\\").join("/"):n;return s?`${i}/**`:i})}function q(e,t=process.env){return rs(e,ns(t))}function un(e){try{return(0,cn.realpathSync)(e)}catch{return null}}var Ue=require("node:fs"),le=require("node:path");var ss=["config","config.worktree","info/attributes"];function pn(e,t){let n=B(e),s=new Set,r=new Set,i=l=>{for(let u of ss)s.add(`${l}/${u}`);r.add(`${l}/hooks`)};if(i(`${n}/.git`),t.dotGit!=="file"&&s.add(`${n}/.git/commondir`),t.dotGit==="file"&&(s.add(`${n}/.git`),t.gitdir)){let l=B(t.gitdir);i(l),s.add(`${l}/commondir`)}let o=B(t.commondir??(t.dotGit==="file"?t.gitdir??`${n}/.git`:`${n}/.git`));i(o);for(let l of t.worktrees??[])s.add(`${B(l)}/config.worktree`),s.add(`${B(l)}/commondir`);for(let l of t.modules??[])s.add(`${B(l)}/config`),r.add(`${B(l)}/hooks`);t.hooksPath&&r.add(B(t.hooksPath));let a=l=>[...r].some(u=>l.startsWith(`${u}/`));return{files:[...s].filter(l=>!a(l)).sort(),dirs:[...r].filter(l=>![...r].some(u=>u!==l&&l.startsWith(`${u}/`))).sort()}}function B(e){return e.length>1?e.replace(/\/+$/,""):e}function ht(e){let t=[],n="";for(let s of e.split(/\r?\n/)){let r=s.trim();if(!r||r.startsWith("#")||r.startsWith(";"))continue;let i=/^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\](.*)$/.exec(r);if(i){let a=i[2]!==void 0?`.${i[2].replace(/\\(.)/g,"$1")}`:"";if(n=`${i[1].toLowerCase()}${a}`,r=i[3].trim(),!r)continue}let o=/^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(r);!o||!n||t.push({key:`${n}.${o[1].toLowerCase()}`,value:is(o[2]??"true")})}return t}function is(e){let t="",n=!1;for(let s=0;s<e.length;s++){let r=e[s];if(r==='"')n=!n;else if(r==="\\"&&s+1<e.length)t+=e[++s]==="n"?`
`:e[s];else{if(!n&&(r==="#"||r===";"))break;t+=r}}return t.trim()}function dn(...e){let t=null;for(let n of e)for(let s of ht(n??""))s.key==="core.hookspath"&&s.value&&(t=s.value);return t}var x=require("node:path"),fn={linux:["/etc/gitconfig"],darwin:["/etc/gitconfig","/opt/homebrew/etc/gitconfig","/usr/local/etc/gitconfig","/Library/Developer/CommandLineTools/usr/share/git-core/gitconfig","/Applications/Xcode.app/Contents/Developer/usr/share/git-core/gitconfig"]};function Et(e){let t=e.home?yt(e.home):null,n=new Set,s=new Set,r=new Set,i=new Set;if(t){n.add(`${t}/.gitconfig`),i.add(`${t}/.config`);for(let d of e.startupFiles)s.add(x.posix.join(t,d))}e.xdgConfigHome&&x.posix.isAbsolute(e.xdgConfigHome)&&i.add(yt(e.xdgConfigHome));for(let d of i)n.add(`${d}/git/config`),s.add(`${d}/git/attributes`);e.gitConfigGlobal&&x.posix.isAbsolute(e.gitConfigGlobal)&&e.gitConfigGlobal!=="/dev/null"&&n.add(x.posix.normalize(e.gitConfigGlobal));let a=[...e.gitConfigSystem&&x.posix.isAbsolute(e.gitConfigSystem)&&e.gitConfigSystem!=="/dev/null"?[x.posix.normalize(e.gitConfigSystem)]:[],...fn[e.platform]??fn.linux];for(let d of a)n.add(d);let l=(d,f)=>d?d.startsWith("~/")?t?x.posix.join(t,d.slice(2)):null:x.posix.isAbsolute(d)?x.posix.normalize(d):f?x.posix.join(f,d):null:null;for(let d of e.includes??[]){let f=l(d.path,d.from);f&&n.add(f)}let u=l(e.attributesFile,null);u&&s.add(u);let c=l(e.hooksPath,null);c&&c!=="/"&&c!==t&&r.add(yt(c));for(let d of n)s.add(d);let p=d=>[...r].some(f=>d.startsWith(`${f}/`));return{files:[...s].filter(d=>!p(d)).sort(),dirs:[...r].sort(),configs:[...n].sort(),system:[...new Set(a)].sort()}}function yt(e){return e.length>1?e.replace(/\/+$/,""):e}var Ee=require("node:fs");var vt=require("node:module"),We,Fe=globalThis.Bun?.CryptoHasher;function C(e){let t;if(Fe?t=new Fe("sha256"):(We??=(0,vt.createRequire)(__continuityModuleUrl)("node:crypto"),t=We.createHash("sha256")),typeof e=="string")t.update(e);else for(let n of e)t.update(n);return t.digest("hex")}function mn(e,t){if(Fe){let n=new Fe("sha256",e);return n.update(t),n.digest("hex")}return We??=(0,vt.createRequire)(__continuityModuleUrl)("node:crypto"),We.createHmac("sha256",e).update(t).digest("hex")}var bt=2e3,gn=new Map;function kt(e,t=Date.now()){let n=(0,Ee.statSync)(e,{throwIfNoEntry:!1,bigint:!0});return!n||!n.isFile()||Number(n.ctimeNs/1000000n)>t-bt?null:`${n.dev}:${n.ino}:${n.size}:${n.mtimeNs}:${n.ctimeNs}`}function hn(e,t=null,n=Date.now()){if((0,Ee.statSync)(e,{throwIfNoEntry:!1})===void 0)return null;let r=kt(e,n);if(r!==null&&t?.stamp===r&&t.hash!==null)return t.hash;let i;try{i=(0,Ee.readFileSync)(e,"utf8")}catch{return null}let o=C(i);return r!==null?gn.set(e,{stamp:r,hash:o}):gn.delete(e),o}var yn=require("node:module");function En(e=process.env){let t=process.platform==="win32"?void 0:e.HOME;return t||(0,yn.createRequire)(__continuityModuleUrl)("node:os").homedir()}var os=[".gitconfig",".gitmodules",".bashrc",".bash_profile",".zshrc",".zprofile",".profile",".ripgreprc",".mcp.json"],as=[".zshenv",".zlogin",".bash_login"],ls=new Set([".gitmodules",".mcp.json",".gitconfig"]),us=new Set([...os.filter(e=>!ls.has(e)),...as]);function cs(e=process.env,t=process.platform){let n=e.HOME&&(0,le.isAbsolute)(e.HOME)?e.HOME:ms(),s=a=>a&&(0,le.isAbsolute)(a)?a:null,r={home:n,xdgConfigHome:s(e.XDG_CONFIG_HOME),gitConfigGlobal:s(e.GIT_CONFIG_GLOBAL),gitConfigSystem:s(e.GIT_CONFIG_SYSTEM),platform:t,startupFiles:[...us]},i=Et(r),o=[];for(let a of i.configs){let l=gs(a);if(l!==null)for(let u of ht(l))u.key==="core.hookspath"&&u.value?r.hooksPath=u.value:u.key==="core.attributesfile"&&u.value?r.attributesFile=u.value:(u.key==="include.path"||/^includeif\..+\.path$/.test(u.key))&&u.value&&o.push({path:u.value,from:(0,le.dirname)(a)})}return o.length&&(r.includes=o),r}var Y=new Map;function ps(e){return[e.HOME,e.XDG_CONFIG_HOME,e.GIT_CONFIG_GLOBAL,e.GIT_CONFIG_SYSTEM].join("\0")}function ds(e=process.env){_t&&fs();let t=ps(e),n=Y.get(t);if(n&&vn(n.value.configs)===n.stamps)return n.value;let s=Et(cs(e)),r=vn(s.configs);return Y.size>8&&Y.clear(),r===null?Y.delete(t):Y.set(t,{key:t,stamps:r,value:s}),s}var _t;function fs(){let e=_t;_t=void 0;let t=e?.value;!e||typeof e.key!="string"||typeof e.stamps!="string"||!t||![t.files,t.dirs,t.configs,t.system].every(n=>Array.isArray(n)&&n.every(s=>typeof s=="string"))||Y.has(e.key)||Y.set(e.key,e)}function vn(e){let t=[];for(let n of e){if((0,Ue.statSync)(n,{throwIfNoEntry:!1})===void 0){t.push("-");continue}let s=kt(n);if(s===null)return null;t.push(s)}return t.join(",")}function F(e=process.env){let{files:t,dirs:n}=ds(e);return[...t,...n.map(s=>`${s}/**`)]}function ms(){try{let e=En();return e&&(0,le.isAbsolute)(e)?e:null}catch{return null}}function gs(e){try{return(0,Ue.readFileSync)(e,"utf8")}catch{return null}}var He=["GEMINI_CLI_SYSTEM_SETTINGS_PATH","GEMINI_CLI_SYSTEM_DEFAULTS_PATH","GEMINI_CLI_HOME","GEMINI_CLI_TRUSTED_FOLDERS_PATH"];var bn=[".mcp.json",".github/mcp.json",".vscode/mcp.json",".github/lsp.json"],ve=[".claude/settings.json",".claude/settings.local.json",".codex/hooks.json",".codex/config.toml",".gemini/settings.json",".cursor/hooks.json",".pi/settings.json",".pi/extensions/continuity.ts",".github/hooks/continuity.json",".github/copilot/settings.json",".github/copilot/settings.local.json",".opencode/plugins/continuity.js","opencode.json","opencode.jsonc",".opencode/opencode.json",".opencode/opencode.jsonc",...bn],kn=[".pi",".opencode",".github/hooks",".github/copilot",".github/extensions",".github/agents"],hs=[".pi/extensions",".opencode/plugin",".opencode/plugins",".opencode/tool",".opencode/tools",".github/hooks",".github/extensions",".github/agents"],wt=hs.map(e=>`${e}/**`);function J(e){let t=w(e?.HOME),n=new Set,s=w(e?.PI_CODING_AGENT_DIR)??(t?`${t}/.pi/agent`:null);s&&n.add(`${s}/**`),t&&n.add(`${t}/.pi/agent/**`);for(let o of[w(e?.OPENCODE_CONFIG_DIR),w(e?.XDG_CONFIG_HOME)?`${w(e?.XDG_CONFIG_HOME)}/opencode`:null,t?`${t}/.config/opencode`:null])o&&n.add(`${o}/**`);let r=w(e?.OPENCODE_CONFIG);r&&n.add(r);let i=w(e?.COPILOT_HOME)??(t?`${t}/.copilot`:null);if(i){for(let o of["hooks","extensions","agents","installed-plugins"])n.add(`${i}/${o}/**`);for(let o of St)n.add(`${i}/${o}`)}return[...n]}function Tt(e){return[...kn.map(t=>`${t}/**`),...J(e)]}var St=["mcp-config.json","lsp-config.json"];var _n=[".gemini/.env",".env"],w=e=>e&&e.startsWith("/")?e.replace(/\/+$/,""):null;function At(e){let t=w(e?.HOME),n=new Set,s=w(e?.CLAUDE_CONFIG_DIR)??(t?`${t}/.claude`:null);t&&n.add(`${t}/.claude/settings.json`),s&&n.add(`${s}/settings.json`);for(let a of[w(e?.CODEX_HOME),t?`${t}/.codex`:null])a&&(n.add(`${a}/config.toml`),n.add(`${a}/hooks.json`));let r=w(e?.GEMINI_CLI_HOME)??t;r&&(n.add(`${r}/.gemini/settings.json`),n.add(`${r}/.gemini/trustedFolders.json`));let i=w(e?.GEMINI_CLI_TRUSTED_FOLDERS_PATH);i&&n.add(i),t&&n.add(`${t}/.cursor/hooks.json`),t&&n.add(`${t}/.pi/agent/settings.json`);let o=w(e?.COPILOT_HOME)??(t?`${t}/.copilot`:null);if(o){n.add(`${o}/settings.json`),n.add(`${o}/config.json`);for(let a of St)n.add(`${o}/${a}`)}for(let a of ys(e))n.add(a);return[...n]}function ys(e){let t=w(e?.GEMINI_CLI_SYSTEM_SETTINGS_PATH)??"/etc/gemini-cli/settings.json",n=w(e?.GEMINI_CLI_SYSTEM_DEFAULTS_PATH)??`${t.replace(/\/[^/]*$/,"")}/system-defaults.json`;return["/etc/claude-code/managed-settings.json","/etc/codex/config.toml","/etc/codex/managed_config.toml","/etc/codex/requirements.toml","/etc/codex/hooks.json",t,n,"/etc/cursor/hooks.json"]}var Ge=new Map;function qe(e){let t=Ge.get(e);return t===void 0&&(Ge.size>=4096&&Ge.clear(),t=Es(e),Ge.set(e,t)),t}function Es(e){if(!e.startsWith("/")&&!ve.includes(e)&&!_n.includes(e))return null;let t=e.slice(e.lastIndexOf("/")+1);return t===".env"?"env":bn.includes(e)||e.startsWith("/")&&St.includes(t)?"process-config":e.endsWith(".pi/extensions/continuity.ts")?"pi-extension":t==="hooks.json"?"hooks-json":t.endsWith(".toml")?"codex-toml":t==="trustedFolders.json"||e.startsWith("/")&&/trust/i.test(t)&&t.endsWith(".json")?"gemini-trust":t.endsWith(".json")||t.endsWith(".jsonc")?"settings-json":t.endsWith(".js")?"plugin-file":null}function wn(e,t){let n=e.replace(/^(\.\/)+/,"");return kn.some(s=>n===s||n.startsWith(`${s}/`))?!0:J(t).some(s=>s.endsWith("/**")?n===s.slice(0,-3)||n.startsWith(s.slice(0,-2)):n===s)}function Z(e){return qe(e)!==null}var be=new Set(["Agent","Task"]),Rt=new Set(["TaskOutput","AgentOutputTool"]);function ke(e){let t=e.agent_id;return typeof t=="string"&&t!==""}var Tn={name:"watchdog-dispatch",wants:e=>be.has(e.tool_name)&&!ke(e)},Sn={name:"watchdog-result",wants:e=>(be.has(e.tool_name)||Rt.has(e.tool_name))&&!ke(e)},An={name:"watchdog-delivery",wants:(e,t)=>!be.has(e.tool_name)&&!Rt.has(e.tool_name)&&!ke(e)&&(t===null||t.openRuns>0)};var Nn=require("node:module"),A=require("node:path");var Q=require("node:fs"),S=require("node:path");function Be(e,t=0){let n=(0,S.normalize)(e);if(t>40)return n;try{if((0,Q.lstatSync)(n).isSymbolicLink()){let r=(0,Q.readlinkSync)(n);return Be((0,S.isAbsolute)(r)?r:(0,S.resolve)((0,S.dirname)(n),r),t+1)}return(0,Q.realpathSync)(n)}catch{}let s=(0,S.dirname)(n);return s===n?n:(0,S.join)(Be(s,t+1),(0,S.basename)(n))}function _e(e){try{return(0,Q.realpathSync)(e)}catch{return(0,S.normalize)(e)}}var vs,bs=()=>vs??=(0,Nn.createRequire)(__continuityModuleUrl)("node:os").homedir();function we(e,t){if(!/\.(md|markdown|json)$/i.test(e))return!1;if(e.split(/[\\/]/).pop()===".tdd-progress.md")return!0;let n=(0,A.relative)(t,e).split(A.sep).join("/");if(!n.startsWith("..")&&!(0,A.isAbsolute)(n)&&/^docs\/(superpowers\/)?plans\//.test(n))return!0;let s=(0,A.relative)(`${bs()}/.claude/plans`,e);return!s.startsWith("..")&&!(0,A.isAbsolute)(s)}function ue(e,t){let n=e.file_path??e.notebook_path??e.path;return typeof n!="string"||!n?null:(0,A.isAbsolute)(n)?n:`${t}/${n}`}function Nt(e,t,n,s){let r=(0,A.normalize)(e);if(n(r))return Rn(t,r);let i=Be(r),o=_e(t);return s(i)?Rn(o,i):null}function Rn(e,t){let n=(0,A.relative)(e,t);return n.startsWith("..")||(0,A.isAbsolute)(n)?t:n.split(A.sep).join("/")}var Te=new Set(["Write","Edit","MultiEdit","NotebookEdit"]);var P=require("node:path"),Ye=require("node:fs");var ks=String.raw`^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?`;function In(e){return new RegExp(String.raw`${ks}(?:\*\*|__)?${e}(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$`,"i")}var ua=In("status"),It=In("approved");function Se(e){let t=e.split(/\r?\n/),n=_s(t),s=[],r=!1;for(let i=0;i<n;i++)/^\s*(```|~~~)/.test(t[i])&&(r=!r),!r&&It.test(t[i])&&s.push(t[i].trim());return s}function _s(e){let t=e.findIndex(n=>/^#{1,6}\s+(slice|step)\s+\d/i.test(n));return t<0?e.length:t}function ee(e){return e.replace(/(['"`])\s*\+?\s*(['"`])/g,"").replace(/['"`\\]/g,"")}function Ae(e){let t=new Set,n=new Set;for(let s of e){let r=s.trim();if(r.startsWith("./")&&(r=r.replace(/^(\.\/)+/,"")),r.endsWith("/**")&&(r=r.replace(/(\/\*\*)+$/,"")),r.endsWith("/")&&(r=r.replace(/\/+$/,"")),r=r.toLowerCase(),!r)continue;let i=r.split("/").filter(Boolean);r.includes("*")||t.add(r);let o=i[i.length-1],a=i.slice(0,-1).some(l=>l===".git"||l==="git");o&&!o.includes("*")&&!a&&t.add(o);for(let l of i.slice(0,-1))!l.includes("*")&&l!=="."&&l!==".."&&l!=="git"&&n.add(l)}return{names:[...t],dirSegments:[...n]}}function xn(e,t){return!t.names.length&&!t.dirSegments.length?e:{names:[...new Set([...e.names,...t.names])],dirSegments:[...new Set([...e.dirSegments,...t.dirSegments])]}}var On=/base64|b64decode|atob\b|\bxxd\b|\bod\b|uudecode|\bopenssl\b|\\x[0-9a-f]{2}|\\[0-7]{3}|\\u[0-9a-f]{4}|\$'|\brev\b|\btr\b|rot13|fromhex|unhexlify|fromcharcode|\bchr\s*\(|\bpack\s*\(|\bzcat\b|gzip\s+-d|\bgunzip\b/i,Ln=/\bchr\s*\(|\bchar\s*\(|['"]\s*\|\||\|\|\s*['"]|fromcharcode|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\[0-7]{3}|base64|b64decode|\batob\b|fromhex|unhexlify|\bcodecs\b|rot13|\[::-1\]|\breverse\b|\.join\s*\(|\bjoin\s*\(|\blistdir\b|\bscandir\b|\bos\.walk\b|\bwalk\s*\(|\breaddir|\bglob\b|\biterdir\b|\brglob\b|\benviron\b|process\.env|\bgetenv\b|\bENV\b|\$ENV|\bsys\.argv\b|process\.argv|\bARGV\b|\$ARGV|\bsprintf\b|\bformat\s*\(|%\s*\(|\bf['"]|\$\{|\+\s*['"]|['"]\s*\+|\.\.\s*['"]|['"]\s*\.\.|\bconcat\b/i;var Dn=["tee","sponge","dd","cp","mv","install","ln","rm","rmdir","rimraf","del-cli","trash","unlink","truncate","touch","shred","mkdir","mkfifo","fallocate","mktemp","chmod","chown","chgrp","chattr","setfacl","uniq","sed","gsed","perl","ruby","awk","gawk","mawk","nawk","ex","vi","vim","nvim","gvim","view","ed","red","emacs","nano","pico","micro","kak","hx","helix","joe","vis","prettier","mdformat","markdownlint","markdownlint-cli2","dprint","dos2unix","unix2dos","eslint","black","ruff","gofmt","goimports","rustfmt","clang-format","shfmt","biome","yq","patch","sqlite3","sqlite","tar","gtar","bsdtar","unzip","7z","7za","zip","gzip","gunzip","bzip2","bunzip2","xz","unxz","lzma","unlzma","rsync","curl","wget","bash","sh","zsh","dash","ksh","mksh","ash","fish","eval","python","python2","python3","pypy","pypy3","node","nodejs","deno","bun","php","perl6","lua","luajit","Rscript","osascript","pwsh","powershell","tclsh","sudo","sudoedit","su","runuser","script","watch","flock","xargs","find","npm","pnpm","yarn"];var $n=["then","do","else","elif","exec","command","builtin","nice","nohup","setsid","time","timeout","env","sudo","doas","xargs","npx","bunx","busybox","stdbuf","unbuffer","!"];var Cn=new Set(Dn.map(e=>e.toLowerCase())),ws=Math.max(...[...Cn].map(e=>e.length)),Pn=/\s/,Ts=e=>Pn.test(e)||";&|(){}!`/".includes(e),Ss=e=>Pn.test(e)||";&|()<>".includes(e),As=e=>e>="0"&&e<="9"||e===".",Rs=e=>/[\w.^~-]/.test(e);function jn(e){let t=e.length,n=new Uint8Array(t+1),s=new Uint8Array(t+1),r=new Uint8Array(t+1);n[t]=s[t]=1;for(let i=t-1;i>=0;i--){let o=e[i];n[i]=Ss(o)?1:0,s[i]=n[i]||As(o)&&s[i+1]?1:0,r[i]=Rs(o)&&(n[i+1]||r[i+1])?1:0}for(let i=0;i<t;i++)if(!(i>0&&!Ts(e[i-1])))for(let o=1;o<=ws&&i+o<=t;o++){let a=i+o;if(Cn.has(e.slice(i,a))&&(s[a]||e[a]==="@"&&(n[a+1]||r[a+1])))return!0}return!1}var Ns=e=>e.replace(/[.*+?^${}()|[\]\\]/g,"\\$&"),Is=/\bgit\b(?:\s+(?:-c\s+\S+|-C\s+\S+|--?[\w-]+(?:=\S+)?))*\s+(?:checkout|restore|rm|mv|clean|apply|am|archive)\b/,xs=/(?:^|\s)(?:-o|-O|--output(?:-file|-document)?|--outfile|--out|-out|--log-file)(?=[\s=]|$)/,Os=new RegExp(`(?:^|[;&|({\\n]|\\b(?:${$n.filter(e=>e!=="!").join("|")})\\s+(?:-\\S+\\s+)*|!\\s*)\\s*[^\\s;&|()<>]*[$\`]`),Ls=/\d*[<>]&(?:\d+-?|-)(?![\w./])|[&\d]*>>?\s*\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)\b|[=-]>|>=/g,Ds=/\bgit\b[^;&|]*(?:\s-c\s*|\bconfig\b[^;&|]*)(?:alias\.|core\.(?:editor|pager|sshcommand|fsmonitor|askpass|hookspath)|sequence\.editor|pager\.|diff\.|merge\.|filter\.|credential\.|gpg\.)|\bgit\b[^;&|]*\s--config-env\b/,$s=[["ssh-keygen",/\bssh-keygen\b/],["|",/\|&?\s*(?:sudo\s+|env\s+|command\s+|exec\s+)*(?:\S*\/)?(?:ba|z|da|k|mk|a)?sh\b/],["<(",/(?:\bsource|(?:^|[\s;&|(])\.|\b(?:ba|z|da|k|mk|a)?sh)\s+<\(/],[null,/\b(?:tar|gtar|bsdtar|unzip|7za?|xargs|parallel|flock)\b/],["find",/\bfind\b[^;&|]*\s-(?:delete|exec|execdir|ok|okdir|fprint0?|fprintf|fls)\b/],["git",/\bgit\b[^;&|]*\bclean\b/]];function Cs(e){return $s.some(([t,n])=>(t===null||e.includes(t))&&n.test(e))}var Ps=/[$`*?[\]{}~]|\beval\b/,js=/\bgit\b[^;&|]*\s(?:config|remote\s+(?:add|set-url|rename|remove|rm|set-branches)|branch\b[^;&|]*\s(?:-u|--set-upstream-to|--unset-upstream|-t|--track|--edit-description)|push\b[^;&|]*\s(?:-u|--set-upstream)|submodule|init|lfs\s+(?:install|update))(?=[\s=;&|)]|$)/,Ms=/\b(?:npm|pnpm|yarn|bun)\b[^;&|]*\s(?:ci|clean-install|ic|install-clean|isntall-clean|prune|dedupe|ddp|autoclean|rebuild|update|up|upgrade|udpate|install|i|in|add|a|link|ln|remove|rm|r|un|uninstall|unlink)(?=[\s=;&|)]|$)|\byarn\s*(?=$|[;&|)])/,Ws=/(?:^|[\s=:;&|(])(?:\.\.?\/?|\/)(?=$|[\s;&|)])|\.\.|(?:^|[\s=;&|(])\/(?!dev\/|tmp\/|var\/tmp\/|private\/tmp\/|proc\/)|(?:^|[;&|(]\s*|\s)cd\s*(?=$|[;&|)])|(?:^|\s):(?:\/|\()/,Mn=e=>e.includes("git"),Fs=e=>e.includes("npm")||e.includes("yarn")||e.includes("bun");function Us(e){if(jn(e)||Mn(e)&&Is.test(e)||(e.includes("$")||e.includes("`"))&&Os.test(e))return!0;let t=e.replace(/\bset\s+[-+]o\s+\w+/g,"");return(t.includes("-o")||t.includes("--log-file"))&&xs.test(t)?!0:e.replace(Ls,"").includes(">")}function Wn(e,t,n){if(!e.trim())return!1;if(t.length===0)return!0;let s=ee(e),r=s.toLowerCase(),{names:i,dirSegments:o}=n??Ae(t);return i.some(a=>r.includes(a))||Cs(r)||Mn(r)&&(Ds.test(r)||js.test(r))||Fs(r)&&Ms.test(r)?!0:Us(r)?Ps.test(e)||On.test(e)||Ln.test(e)||o.some(a=>new RegExp(`(?:^|[^\\w.-])${Ns(a)}(?:$|[^\\w.-])`).test(r))?!0:Ws.test(s):!1}var Ve=require("node:path");function R(e,t){let n=Ve.posix.normalize(e),s=t.filter(i=>i.startsWith("/")).map(i=>Fn(Ve.posix.normalize(i))),r=t.filter(i=>!i.startsWith("/")).map(i=>Fn(i.replace(/^(\.\/)+/,"")));return i=>{let o=Ve.posix.normalize(i);if(s.some(l=>l(o)))return!0;if(!o.startsWith(n+"/"))return!1;let a=o.slice(n.length+1);return r.some(l=>l(a))}}var Hs=/[\n\r\u2028\u2029]/;function Fn(e){let t=r=>!/[*?]/.test(r);if(t(e))return r=>r===e;let n=e.endsWith("/**")?e.slice(0,-3):"";if(n!==""&&t(n))return r=>r===n||r.startsWith(`${n}/`)&&!Hs.test(r.slice(n.length));let s=Gs(e);return r=>s.test(r)}function Gs(e){let t="";for(let n=0;n<e.length;n++){let s=e[n];s==="*"&&e[n+1]==="*"?(t+=".*",n++):s==="*"?t+="[^/]*":s==="?"?t+="[^/]":t+=s.replace(/[.+^${}()|[\]\\]/g,"\\$&")}return t=t.replace(/\/\.\*$/,"(?:/.*)?"),new RegExp(`^${t}$`)}var xt=e=>e.endsWith("/**")?e.replace(/(\/\*\*)+$/,""):e,qs=e=>e.slice(e.length>=3&&e[e.length-2]==="git"?-3:-2).join("/");function ze(e){let t=new Set;for(let n of e){let s=xt(n.startsWith("/")?qs(xt(n).split("/")):n.startsWith("./")?n.replace(/^(\.\/)+/,""):n);t.add(s),n.startsWith("/")&&n.endsWith("/**")&&t.add(xt(n));let r=s.split("/").pop();r&&!r.includes("*")&&!/(^|\/)\.?git\//.test(s)&&t.add(r)}return[...t]}var Ke=require("node:fs"),ne=require("node:path");var Xe=200,Bs=new Set([".git","node_modules",".continuity"]),te=new Map,Vs=64,zs={count:0};function Un(e,t){let n;try{n=(0,Ke.statSync)(e,{throwIfNoEntry:!1,bigint:!0})}catch{return"absent"}return n?n.isDirectory()?Number(n.ctimeNs/1000000n)>t-bt?null:`${n.dev}:${n.ino}:${n.mtimeNs}:${n.ctimeNs}`:"not a folder":"absent"}function Ot(e,t,n=Date.now()){let s=`${e}\0${t.join("\0")}`,r=te.get(s);if(r&&r.stamps.every(([u,c])=>Un(u,n)===c))return[...r.files];let i=[],o=u=>{let c=Un(u,n);return c===null?i=null:i?.push([u,c]),c},a=new Set;for(let u of t){let c=ne.posix.normalize(u.replace(/^(\.\/)+/,"")).replace(/\/+$/,"");if(!c||c==="."||c.startsWith(".."))continue;let p=c.startsWith("/")?"":e,d=c.split("/"),f=d.findIndex(L=>/[*?[]/.test(L));if(f===-1){let L=o((0,ne.join)(p,c));L!=="absent"&&L!=="not a folder"?Hn(p,c,()=>!0,a,o):a.add(c);continue}let ye=d.slice(0,f).join("/"),T=R(e,[c]),ft=/(^|\/)\.git\/(.*\/)?hooks$/.test(ye);Hn(p,ye,L=>!(ft&&L.endsWith(".sample"))&&T(L),a,o)}let l=[...a].sort().slice(0,Xe);return i&&a.size<Xe?(te.delete(s),te.set(s,{stamps:i,files:[...l]}),te.size>Vs&&te.delete(te.keys().next().value)):te.delete(s),l}function Hn(e,t,n,s,r){let i=[t];for(;i.length&&s.size<Xe;){let o=i.pop(),a,l=r((0,ne.join)(e,o));if(!(l==="absent"||l==="not a folder")){try{zs.count++,a=(0,Ke.readdirSync)((0,ne.join)(e,o),{withFileTypes:!0})}catch{continue}for(let u of a){let c=o?`${o}/${u.name}`:u.name;if(u.isDirectory()?Bs.has(u.name)||i.push(c):(u.isFile()||u.isSymbolicLink())&&n(e?ne.posix.join(e.split("\\").join("/"),c):c)&&s.add(c),s.size>=Xe)return}}}}var Xs=[".continuity",".tdd-progress.md","progress.md"],Ks=/^[ \t>*_-]*(\*\*|__)?approved(\*\*|__)?[ \t]*:/im,Ys=new Set(["Read","Glob","Grep","LS","WebFetch","WebSearch","TodoWrite","TodoRead","AskUserQuestion","ExitPlanMode","EnterPlanMode","Agent","Task","BashOutput","KillShell","KillBash","ListMcpResourcesTool","ReadMcpResourceTool","Skill","SlashCommand"]);function Gn(e){let t=[e.content,e.new_string,e.new_source];if(Array.isArray(e.edits))for(let n of e.edits)t.push(n?.new_string);return t.filter(n=>typeof n=="string").join(`
`)}function qn(e,t,n){let s=e.cwd??n;if(Te.has(e.tool_name)){let r=ue(e.tool_input,s);if(!r)return!1;if(!t)return!0;let i=[...t.protectGlobs,...q(n),...F(),...J(process.env)];return Nt(r,n,R(n,i),R(_e(n),i))!==null?!0:!!(t.plan&&r===(0,P.join)(n,t.plan.path)||we(r,n))&&Ks.test(Gn(e.tool_input))}if(e.tool_name==="Bash"){let r=typeof e.tool_input.command=="string"?e.tool_input.command:"",i=t?.guardedNames??Xs,o=ze([...q(n),...F(),...J(process.env)]);t?.plan&&/approved/i.test(r)&&o.push((0,P.basename)(t.plan.path));let a=xn(t?.guardedFragments??Ae(i),Ae(o));return Wn(r,[...i,...o],a)}return!1}function Bn(e,t,n){if(Ys.has(e.tool_name))return!1;if(!t)return(0,Ye.existsSync)((0,P.join)(n,".continuity","ledger.db"));if(t.ledgerStamp!==void 0&&Me((0,P.join)(n,".continuity"))!==t.ledgerStamp)return!0;for(let i of t.guarded)if(hn((0,P.isAbsolute)(i.path)?i.path:(0,P.join)(n,i.path),i)!==i.hash)return!0;if(gt(n).length)return!0;let s=new Set(Tt(process.env).filter(i=>!wt.includes(i))),r=t.protectGlobs.filter(i=>/[*?[]/.test(i)&&!i.startsWith(".continuity/")&&!s.has(i));if(r.length){let i=new Set(t.guarded.map(o=>o.path));if(Ot(n,r).some(o=>!i.has(o)))return!0}if(t.plan){let i=Js((0,P.join)(n,t.plan.path));if(i!==null&&!Vn(Se(i),t.plan.approvedLine))return!0}return!1}function Vn(e,t){return t===null?e.length===0:e.length===1&&e[0]===t}function Js(e){try{return(0,Ye.readFileSync)(e,"utf8")}catch{return null}}var Zs=/(?:^|[\s/;&|(`$=])pi\s+(install|remove|uninstall|update|config)(?=$|[\s;&|)])/i;function zn(e){return Zs.test(ee(e))}var Xn=new Set(["plugins","gateway","openclaw","automations","cron","terminal","computer","nodes","exec"]);function Lt(e){return e.tool_name==="Bash"?typeof e.tool_input?.command=="string"&&(/openclaw/i.test(ee(e.tool_input.command))||zn(e.tool_input.command)):Xn.has(e.tool_name)}var Qs=/(?<![&>|<])&(?![&>])\s*['"`]\s*[),;]|\bstart_new_session\s*=\s*True\b|\bos\.(?:fork|forkpty|setsid|daemon)\b|\bsetsid\b|\bdetached\s*:\s*true\b|\.unref\s*\(\s*\)|\bProcess\.(?:detach|daemon)\b|\bfork\s*\(|\bnohup\b|\bdisown\b|\bcreationflags\s*=.*DETACHED_PROCESS|\bdaemon(?:ize)?\s*\(/;function Yn(e){return ni.test(e)||e.includes("&")&&ti.test(e)||ei.some(t=>e.includes(t))&&Qs.test(e)}var ei=["&","start_new_session","os.","setsid","detached",".unref","Process.","fork","nohup","disown","creationflags","daemon"],ti=/(?<![&>|<])&(?![&>])/,ni=/\b(?:nohup|setsid|disown|daemonize|daemon|at|batch|systemd-run|dtach|abduco|crontab|tmux|screen|start-stop-daemon|systemctl|loginctl|launchctl|coproc)\b/;var Je=[{name:"guard-before",wants:qn},{name:"client-control",wants:Lt},{name:"detach-guard",wants:e=>e.tool_name==="Bash"&&typeof e.tool_input.command=="string"&&Yn(e.tool_input.command)}],Jn=[{name:"guard-after",wants:Bn},{name:"register-plan",wants:(e,t,n)=>Te.has(e.tool_name)&&we(ue(e.tool_input,e.cwd??n)??"",n)},{name:"approval-answer",wants:e=>e.tool_name==="AskUserQuestion"||e.tool_name==="ExitPlanMode"}];Je.push(Tn);Jn.push(Sn,An);var rr=require("node:path");var Ze,ri={lang:void 0,message:void 0,abortEarly:void 0,abortPipeEarly:void 0};function Zn(e){return!e&&!Ze?ri:{lang:e?.lang??Ze?.lang,message:e?.message,abortEarly:e?.abortEarly??Ze?.abortEarly,abortPipeEarly:e?.abortPipeEarly??Ze?.abortPipeEarly}}var si;function ii(e){return si?.get(e)}var oi;function ai(e){return oi?.get(e)}var li;function ui(e,t){return li?.get(e)?.get(t)}function ce(e){let t=typeof e;return t==="string"?`"${e}"`:t==="number"||t==="bigint"||t==="boolean"?`${e}`:t==="object"||t==="function"?(e&&Object.getPrototypeOf(e)?.constructor?.name)??"null":t}function N(e,t,n,s,r){let i=r&&"input"in r?r.input:n.value,o=r?.expected??e.expects??null,a=r?.received??ce(i),l={kind:e.kind,type:e.type,input:i,expected:o,received:a,message:`Invalid ${t}: ${o?`Expected ${o} but r`:"R"}eceived ${a}`,requirement:e.requirement,path:r?.path,issues:r?.issues,lang:s.lang,abortEarly:s.abortEarly,abortPipeEarly:s.abortPipeEarly},u=e.kind==="schema",c=r?.message??e.message??ui(e.reference,l.lang)??(u?ai(l.lang):null)??s.message??ii(l.lang);c!==void 0&&(l.message=typeof c=="function"?c(l):c),u&&(n.typed=!1),n.issues?n.issues.push(l):n.issues=[l]}function ci(e,t){return Object.prototype.hasOwnProperty.call(e,t)&&t!=="__proto__"&&t!=="prototype"&&t!=="constructor"}function pi(e,t){let n=[...new Set(e)];return n.length>1?`(${n.join(` ${t} `)})`:n[0]??"never"}function U(e){return e["~standard"]={version:1,vendor:"valibot",validate:t=>e["~run"]({value:t},Zn())},e}var di=class extends Error{constructor(e){super(e[0].message),this.name="ValiError",this.issues=e}};var Qa=new RegExp("^(?:[\\u{1F1E6}-\\u{1F1FF}]{2}|\\u{1F3F4}[\\u{E0061}-\\u{E007A}]{2}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,3}\\u{E007F}|(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation})(?:\\u200D(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation}))*)+$","u");function re(e){return{kind:"validation",type:"integer",reference:re,async:!1,expects:null,requirement:Number.isInteger,message:e,"~run"(t,n){return t.typed&&!this.requirement(t.value)&&N(this,"integer",t,n),t}}}function pe(e,t){return{kind:"validation",type:"max_length",reference:pe,async:!1,expects:`<=${e}`,requirement:e,message:t,"~run"(n,s){return n.typed&&n.value.length>this.requirement&&N(this,"length",n,s,{received:`${n.value.length}`}),n}}}function Re(e,t){return{kind:"validation",type:"max_value",reference:Re,async:!1,expects:`<=${e instanceof Date?e.toJSON():ce(e)}`,requirement:e,message:t,"~run"(n,s){return n.typed&&!(n.value<=this.requirement)&&N(this,"value",n,s,{received:n.value instanceof Date?n.value.toJSON():ce(n.value)}),n}}}function O(e,t){return{kind:"validation",type:"min_length",reference:O,async:!1,expects:`>=${e}`,requirement:e,message:t,"~run"(n,s){return n.typed&&n.value.length<this.requirement&&N(this,"length",n,s,{received:`${n.value.length}`}),n}}}function V(e,t){return{kind:"validation",type:"min_value",reference:V,async:!1,expects:`>=${e instanceof Date?e.toJSON():ce(e)}`,requirement:e,message:t,"~run"(n,s){return n.typed&&!(n.value>=this.requirement)&&N(this,"value",n,s,{received:n.value instanceof Date?n.value.toJSON():ce(n.value)}),n}}}function fi(e,t,n){return typeof e.fallback=="function"?e.fallback(t,n):e.fallback}function Dt(e,t,n){return typeof e.default=="function"?e.default(t,n):e.default}function se(e,t){return U({kind:"schema",type:"array",reference:se,expects:"Array",async:!1,item:e,message:t,"~run"(n,s){let r=n.value;if(Array.isArray(r)){n.typed=!0,n.value=[];for(let i=0;i<r.length;i++){let o=r[i],a=this.item["~run"]({value:o},s);if(a.issues){let l={type:"array",origin:"value",input:r,key:i,value:o};for(let u of a.issues)u.path?u.path.unshift(l):u.path=[l],n.issues?.push(u);if(n.issues||(n.issues=a.issues),s.abortEarly){n.typed=!1;break}}a.typed||(n.typed=!1),n.value.push(a.value)}}else N(this,"type",n,s);return n}})}function $t(e,t){return U({kind:"schema",type:"nullable",reference:$t,expects:`(${e.expects} | null)`,async:!1,wrapped:e,default:t,"~run"(n,s){return n.value===null&&(this.default!==void 0&&(n.value=Dt(this,n,s)),n.value===null)?(n.typed=!0,n):this.wrapped["~run"](n,s)}})}function ie(e){return U({kind:"schema",type:"number",reference:ie,expects:"number",async:!1,message:e,"~run"(t,n){return typeof t.value=="number"&&!isNaN(t.value)?t.typed=!0:N(this,"type",t,n),t}})}function m(e,t){return U({kind:"schema",type:"optional",reference:m,expects:`(${e.expects} | undefined)`,async:!1,wrapped:e,default:t,"~run"(n,s){return n.value===void 0&&(this.default!==void 0&&(n.value=Dt(this,n,s)),n.value===void 0)?(n.typed=!0,n):this.wrapped["~run"](n,s)}})}function Ct(e,t){return U({kind:"schema",type:"picklist",reference:Ct,expects:pi(e.map(ce),"|"),async:!1,options:e,message:t,"~run"(n,s){return this.options.includes(n.value)?n.typed=!0:N(this,"type",n,s),n}})}function Pt(e,t,n){return U({kind:"schema",type:"record",reference:Pt,expects:"Object",async:!1,key:e,value:t,message:n,"~run"(s,r){let i=s.value;if(i&&typeof i=="object"){s.typed=!0,s.value={};for(let o in i)if(ci(i,o)){let a=i[o],l=this.key["~run"]({value:o},r);if(l.issues){let c={type:"object",origin:"key",input:i,key:o,value:a};for(let p of l.issues)p.path=[c],s.issues?.push(p);if(s.issues||(s.issues=l.issues),r.abortEarly){s.typed=!1;break}}let u=this.value["~run"]({value:a},r);if(u.issues){let c={type:"object",origin:"value",input:i,key:o,value:a};for(let p of u.issues)p.path?p.path.unshift(c):p.path=[c],s.issues?.push(p);if(s.issues||(s.issues=u.issues),r.abortEarly){s.typed=!1;break}}(!l.typed||!u.typed)&&(s.typed=!1),l.typed&&(s.value[l.value]=u.value)}}else N(this,"type",s,r);return s}})}function I(e,t){return U({kind:"schema",type:"strict_object",reference:I,expects:"Object",async:!1,entries:e,message:t,"~run"(n,s){let r=n.value;if(r&&typeof r=="object"){n.typed=!0,n.value={};for(let i in this.entries){let o=this.entries[i];if(i in r||(o.type==="exact_optional"||o.type==="optional"||o.type==="nullish")&&o.default!==void 0){let a=i in r?r[i]:Dt(o),l=o["~run"]({value:a},s);if(l.issues){let u={type:"object",origin:"value",input:r,key:i,value:a};for(let c of l.issues)c.path?c.path.unshift(u):c.path=[u],n.issues?.push(c);if(n.issues||(n.issues=l.issues),s.abortEarly){n.typed=!1;break}}l.typed||(n.typed=!1),n.value[i]=l.value}else if(o.fallback!==void 0)n.value[i]=fi(o);else if(o.type!=="exact_optional"&&o.type!=="optional"&&o.type!=="nullish"&&(N(this,"key",n,s,{input:void 0,expected:`"${i}"`,path:[{type:"object",origin:"key",input:r,key:i,value:r[i]}]}),s.abortEarly))break}if(!n.issues||!s.abortEarly){for(let i in r)if(!Object.prototype.hasOwnProperty.call(this.entries,i)){N(this,"key",n,s,{input:i,expected:"never",path:[{type:"object",origin:"key",input:r,key:i,value:r[i]}]});break}}}else N(this,"type",n,s);return n}})}function k(e){return U({kind:"schema",type:"string",reference:k,expects:"string",async:!1,message:e,"~run"(t,n){return typeof t.value=="string"?t.typed=!0:N(this,"type",t,n),t}})}function Qn(e,t,n){let s=e["~run"]({value:t},Zn(n));if(s.issues)throw new di(s.issues);return s.value}function h(...e){return U({...e[0],pipe:e,"~run"(t,n){for(let s of e)if(s.kind!=="metadata"){if(t.issues&&(s.kind==="schema"||s.kind==="transformation")){t.typed=!1;break}(!t.issues||!n.abortEarly&&!n.abortPipeEarly)&&(t=s["~run"](t,n))}return t}})}var Ne={ok:0,failure:1,invalidInput:2,io:3,config:4,ledger:5,refused:6,internal:70},er=Symbol.for("continuity.CliError"),z=class extends Error{constructor(n,s=Ne.invalidInput){super(n);this.exitCode=s;this.name="CliError"}exitCode;[er]=!0;static[Symbol.hasInstance](n){return typeof n=="object"&&n!==null&&n[er]===!0}};var Ie=h(ie(),re(),V(1)),tr=h(ie(),re(),V(0)),nr=I({$schema:m(k()),stopGate:m(I({maxConsecutiveBlocks:m(Ie,3)}),{}),watchdog:m(I({slaSeconds:m(Ie,900),forwardGraceSeconds:m(tr,30),attemptTimeoutSeconds:m(Ie,300),slaSecondsByAgentType:m(Pt(k(),Ie),{})}),{}),protect:m(se(h(k(),O(1))),[]),approval:m(I({phrases:m(se(h(k(),O(1))),["approve","approved","/approve"]),signingKey:m(h(k(),O(1)))}),{}),summaries:m(I({paths:m(se(h(k(),O(1))),[".superpowers/sdd/{plan}/task-{task}-summary.md","docs/plans/{plan}/task-{task}-summary.md"])}),{}),sandbox:m(I({mode:m(Ct(["required","preferred","off"]),"required")}),{}),shared:m(I({host:h(k(),O(1)),port:m(h(ie(),re(),V(1),Re(65535)),5432),database:h(k(),O(1)),pullWaitMs:m(tr,300),idleSeconds:m(Ie,30)})),highRiskStops:m(se(h(k(),O(1))),[])}),mi=Qn(nr,{});var yi=(0,rr.join)(b,oe);var de=['{"tool_name":"','"tool_input":{"','"tool_use_id":"toolu_01','"tool_use_id":"',',"tool_response":{"','{"$sha256":"','","bytes":',',"head":"','{"$same":"tool_input.','file_path":"','filePath":"','content":','structuredPatch":','originalFile":','old_string":"','new_string":"','command":"','description":"','stdout":"','stderr":"'],et=[1,2,3,4,5,6,7,8,11,12,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31];if(de.length>et.length)throw new Error("more pack words than codes");var sr=e=>`'${e.replace(/'/g,"''")}'`;function ir(e){return`(${e} NOT GLOB '*[' || char(${et.slice(0,de.length).join(", ")}) || ']*')`}var Qe=5;function or(e){let t=e;for(let n=0;n<de.length;n+=Qe)t=`(SELECT ${de.slice(n,n+Qe).reduce((r,i,o)=>`replace(${r}, ${sr(i)}, char(${et[n+o]}))`,"v")} FROM (SELECT ${t} AS v))`;return t}function ar(e){let t=e;for(let n=0;n<de.length;n+=Qe)t=`(SELECT ${de.slice(n,n+Qe).reduce((r,i,o)=>`replace(${r}, char(${et[n+o]}), ${sr(i)})`,"v")} FROM (SELECT ${t} AS v))`;return t}var ur='{"action":"none","output":null}',lr=1,Ei="'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";function Ft(e){return`CASE WHEN typeof(${e}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${e} / 1000, 'unixepoch') || '.' || substr(1000 + ${e} % 1000, 2) || 'Z' ELSE ${e} END`}function vi(e){return`(CAST(strftime('%s', ${e}) AS INTEGER) * 1000 + CAST(substr(${e}, 21, 3) AS INTEGER))`}function nt(e){let t=vi(e);return`CASE WHEN typeof(${e}) = 'text' AND ${e} GLOB ${Ei} AND ${t} >= 0 AND (${Ft(t)}) = ${e} THEN ${t} ELSE ${e} END`}function rt(e){return`CASE WHEN ${e} = '${ur}' THEN 0 ELSE ${e} END`}function cr(e){return`CASE WHEN typeof(${e}) = 'integer' THEN '${ur}' ELSE ${e} END`}var y=e=>`(SELECT id FROM event_names WHERE name = ${e})`;function st(e){return`INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${e}source AS v UNION ALL SELECT ${e}kind UNION ALL SELECT ${e}session_id UNION ALL SELECT ${e}client) WHERE v IS NOT NULL;`}var pr=32,bi=`
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${y("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${pr} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`,Wt="CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END",ki=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${Ft("e.at")}, src.name, k.name, s.name, ${Wt}, ${cr("e.decision")},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${st("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${nt("NEW.at")}, ${y("NEW.source")}, ${y("NEW.kind")}, ${y("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${rt("NEW.decision")}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${y("NEW.client")},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${bi}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${st("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${nt("NEW.at")}, source = ${y("NEW.source")}, kind = ${y("NEW.kind")},
      session = ${y("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${rt("NEW.decision")},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${y("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,dr=`
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (${lr}, 'Stop');
  INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT source AS v FROM events_old UNION SELECT kind FROM events_old UNION SELECT session_id FROM events_old UNION SELECT client FROM events_old) WHERE v IS NOT NULL;
  CREATE TABLE event_rows (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    at        NOT NULL,              -- ms since 1970, or the text (see src/ledger/event-rows.ts)
    source    INTEGER NOT NULL,      -- event_names
    kind      INTEGER NOT NULL,      -- event_names
    session   INTEGER,               -- event_names
    input     TEXT NOT NULL,         -- JSON: what was decided on
    decision,                        -- 0: NONE_DECISION, else JSON: what was decided
    spooled   INTEGER,               -- 1: taken in from the spool
    client    INTEGER,               -- event_names
    pre       INTEGER,               -- the earlier event whose input this one continues
    pre_len   INTEGER                -- how much of that input this one begins with
  );
  ${ki}
  INSERT INTO events (id, at, source, kind, session_id, input, decision, spool_id, client)
    SELECT id, at, source, kind, session_id, input, decision, spool_id, client FROM events_old ORDER BY id;
  INSERT INTO sqlite_sequence (name, seq) SELECT 'event_rows', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'event_rows');
  UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events_old'), 0)) WHERE name = 'event_rows';
  DROP TABLE events_old;
  DELETE FROM sqlite_sequence WHERE name = 'events_old';
  -- The spool files taken in lately, so that two processes never take one twice (src/ledger/spool.ts).
  CREATE TABLE spool_taken (name TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE INDEX event_rows_session ON event_rows (session, id);
  CREATE INDEX event_rows_kind_at ON event_rows (kind, at);
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = ${lr} AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;var Mt=1,it=2,Ut=ir("NEW.input"),tt=e=>`CASE WHEN ${Ut} THEN ${or(e)} ELSE ${e} END`,_i=`
  SELECT p.id AS pre, CASE WHEN substr(t.n, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(t.n, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT ${tt("NEW.input")} AS n, ${tt(`'"tool_input":' || json_extract(NEW.input, '$.tool_input')`)} AS v,
                 ${tt(`'"tool_use_id":' || json_quote(json_extract(NEW.input, '$.tool_use_id'))`)} AS tid,
                 CASE WHEN ${Ut} THEN ${it} ELSE 0 END AS packed
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input) AND json_extract(NEW.input, '$.tool_use_id') IS NOT NULL LIMIT 1) t
    JOIN event_rows p ON t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${y("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${pr} AND r.pre IS NULL
         AND coalesce(r.flags, 0) & ${it} = t.packed AND instr(r.input, t.tid) > 0
       ORDER BY r.id DESC LIMIT 1)`,wi=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${Ft("e.at")}, src.name, k.name, s.name,
           CASE WHEN e.flags & ${it} THEN ${ar(Wt)} ELSE ${Wt} END, ${cr("e.decision")},
           CASE WHEN e.flags & ${Mt} THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input packed and kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${st("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, flags, client, pre, pre_len)
      SELECT NEW.id, ${nt("NEW.at")}, ${y("NEW.source")}, ${y("NEW.kind")}, ${y("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(x.v, m.len + 1) ELSE x.v END,
             ${rt("NEW.decision")},
             nullif(CASE WHEN NEW.spool_id IS NOT NULL THEN ${Mt} ELSE 0 END | CASE WHEN ${Ut} THEN ${it} ELSE 0 END, 0),
             ${y("NEW.client")}, CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT ${tt("NEW.input")} AS v LIMIT 1) x LEFT JOIN (${_i}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${st("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${nt("NEW.at")}, source = ${y("NEW.source")}, kind = ${y("NEW.kind")},
      session = ${y("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${rt("NEW.decision")},
      flags = CASE WHEN NEW.spool_id IS NOT NULL THEN ${Mt} END, client = ${y("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,fr=`
  DROP VIEW events;
  ALTER TABLE event_rows RENAME COLUMN spooled TO flags;
  ${wi}
`;var ot="session = OLD.session AND source = OLD.source AND client = coalesce(OLD.client, 0)",mr=`
  CREATE TABLE session_tally (
    session   INTEGER NOT NULL,      -- event_names
    source    INTEGER NOT NULL,      -- event_names
    client    INTEGER NOT NULL,      -- event_names, 0: none recorded
    first_at  NOT NULL,
    last_at   NOT NULL,
    n         INTEGER NOT NULL,
    PRIMARY KEY (session, source, client)
  ) WITHOUT ROWID;
  INSERT INTO session_tally (session, source, client, first_at, last_at, n)
    SELECT session, source, coalesce(client, 0), min(at), max(at), count(*) FROM event_rows WHERE session IS NOT NULL GROUP BY 1, 2, 3;
  CREATE TRIGGER session_tally_insert AFTER INSERT ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
  CREATE TRIGGER session_tally_delete AFTER DELETE ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${ot};
    DELETE FROM session_tally WHERE ${ot} AND n <= 0;
  END;
  -- An event moved to another session, source, client or time: out of the old tally, into the new (a tally's times only widen).
  CREATE TRIGGER session_tally_update_old AFTER UPDATE OF session, source, client, at ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${ot};
    DELETE FROM session_tally WHERE ${ot} AND n <= 0;
  END;
  CREATE TRIGGER session_tally_update_new AFTER UPDATE OF session, source, client, at ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
`;var gr=`
  CREATE TABLE signed_approvals (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_path   TEXT NOT NULL,
    action      TEXT NOT NULL CHECK (action IN ('approve', 'revoke')),
    at          TEXT NOT NULL,                      -- the statement's time
    statement   TEXT NOT NULL,                      -- the exact bytes signed
    signature   TEXT NOT NULL,                      -- ssh-keygen -Y sign's armored output
    signer      TEXT NOT NULL,                      -- the allowed signer it verified as
    event_id    INTEGER                             -- the approve/revoke event
  );
  CREATE INDEX signed_approvals_plan ON signed_approvals (plan_path, id);
  CREATE TRIGGER signed_approvals_no_update BEFORE UPDATE ON signed_approvals BEGIN SELECT RAISE(ABORT, 'signed approvals are append-only'); END;
  CREATE TRIGGER signed_approvals_no_delete BEFORE DELETE ON signed_approvals BEGIN SELECT RAISE(ABORT, 'signed approvals are append-only'); END;
`;var hr=[`
  CREATE TABLE events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    at          TEXT    NOT NULL,
    source      TEXT    NOT NULL,           -- 'hook:claude-code', 'cli', \u2026
    kind        TEXT    NOT NULL,           -- hook event name or CLI action
    session_id  TEXT,
    input       TEXT    NOT NULL,           -- JSON: what was decided on
    decision    TEXT                        -- JSON: what was decided
  );
  CREATE INDEX events_session ON events (session_id, id);
  CREATE INDEX events_kind ON events (kind, id);

  CREATE TABLE plans (
    id              TEXT PRIMARY KEY,
    path            TEXT NOT NULL UNIQUE,   -- relative to the project root, '/' separated
    dialect         TEXT NOT NULL,
    title           TEXT,
    structure_hash  TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('draft', 'approved', 'stale', 'complete')),
    approved_hash   TEXT,                   -- structure hash the approval is bound to
    approved_at     TEXT,
    approved_via    TEXT,
    content_hash    TEXT NOT NULL,
    file_size       INTEGER NOT NULL,
    file_mtime_ms   REAL NOT NULL,
    active          INTEGER NOT NULL DEFAULT 0,
    imported_at     TEXT NOT NULL,
    updated_at      TEXT NOT NULL
  );
  CREATE UNIQUE INDEX plans_one_active ON plans (active) WHERE active = 1;

  CREATE TABLE tasks (
    plan_id         TEXT NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    id              TEXT NOT NULL,
    ordinal         INTEGER NOT NULL,
    title           TEXT NOT NULL,
    file_state      TEXT NOT NULL,
    high_risk_stop  INTEGER NOT NULL DEFAULT 0,
    group_title     TEXT,
    line            INTEGER NOT NULL,
    PRIMARY KEY (plan_id, id)
  );
  CREATE INDEX tasks_order ON tasks (plan_id, ordinal);
  `,`
  CREATE TABLE task_status (
    plan_id      TEXT NOT NULL,
    task_id      TEXT NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('pending', 'in_progress', 'complete', 'blocked')),
    changed_at   TEXT NOT NULL,
    event_id     INTEGER NOT NULL,        -- orders changes made at the same instant
    source       TEXT NOT NULL,           -- 'cli', 'sdd-ledger', 'plan-file', \u2026
    evidence     TEXT,
    summary_path TEXT,
    PRIMARY KEY (plan_id, task_id)
  );

  CREATE TABLE receipts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id       TEXT NOT NULL,
    from_task_id  TEXT NOT NULL,
    next_task_id  TEXT NOT NULL,
    dispatched_at TEXT NOT NULL,
    channel       TEXT NOT NULL,          -- 'stop-hook', 'agent-tool', 'cli', \u2026
    evidence      TEXT NOT NULL,
    session_id    TEXT,
    event_id      INTEGER NOT NULL
  );
  CREATE INDEX receipts_boundary ON receipts (plan_id, from_task_id, next_task_id, session_id);

  CREATE TABLE closures (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id  TEXT,                     -- NULL: the next stop in any session
    state       TEXT NOT NULL CHECK (state IN ('waiting_user', 'blocked', 'pending_verification')),
    reason      TEXT NOT NULL,
    declared_at TEXT NOT NULL,
    source      TEXT NOT NULL,
    event_id    INTEGER NOT NULL
  );
  CREATE INDEX closures_recent ON closures (declared_at);

  CREATE TABLE sessions (
    session_id     TEXT PRIMARY KEY,
    suspended      INTEGER NOT NULL DEFAULT 0,   -- the user said stop/pause
    last_prompt_at TEXT,
    boundary       TEXT,                         -- the task boundary the Stop gate last blocked at
    blocks         INTEGER NOT NULL DEFAULT 0,   -- consecutive blocks at that boundary
    updated_at     TEXT NOT NULL
  );

  CREATE TABLE violations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    at         TEXT NOT NULL,
    session_id TEXT,
    kind       TEXT NOT NULL,
    summary    TEXT NOT NULL,
    event_id   INTEGER NOT NULL
  );

  CREATE TABLE watched_files (
    path         TEXT PRIMARY KEY,       -- relative to the project root
    size         INTEGER NOT NULL,
    mtime_ms     REAL NOT NULL,
    content_hash TEXT NOT NULL
  );
  `,`
  ALTER TABLE events ADD COLUMN spool_id TEXT;
  CREATE UNIQUE INDEX events_spool ON events (spool_id) WHERE spool_id IS NOT NULL;
  `,`
  CREATE TABLE pending_actions (
    id             TEXT PRIMARY KEY,      -- stable: plan, task and text
    plan_id        TEXT NOT NULL,
    task_id        TEXT NOT NULL,         -- the task whose summary raised it
    text           TEXT NOT NULL,
    state          TEXT NOT NULL CHECK (state IN ('open', 'absorbed', 'dropped', 'done')),
    raised_at      TEXT NOT NULL,
    source         TEXT NOT NULL,         -- how the summary arrived: 'cli', 'summary-file', \u2026
    summary_path   TEXT,
    absorbed_into  TEXT,                  -- the task a replan mapped it to
    drop_reason    TEXT,
    replan_id      INTEGER,
    resolved_at    TEXT,
    event_id       INTEGER NOT NULL
  );
  CREATE INDEX pending_actions_task ON pending_actions (plan_id, task_id, state);

  CREATE TABLE replans (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id       TEXT NOT NULL,
    from_task_id  TEXT NOT NULL,          -- loop protection is keyed to this task
    at            TEXT NOT NULL,
    event_id      INTEGER NOT NULL
  );
  CREATE INDEX replans_task ON replans (plan_id, from_task_id);

  CREATE TABLE ingested_summaries (
    plan_id      TEXT NOT NULL,
    task_id      TEXT NOT NULL,
    path         TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    PRIMARY KEY (plan_id, task_id, path)
  );
  `,`
  ALTER TABLE plans ADD COLUMN approved_line TEXT;
  CREATE TABLE guard_snapshots (
    path      TEXT PRIMARY KEY,       -- relative to the project root
    content   BLOB,                   -- NULL: the file must not exist
    hash      TEXT,
    taken_at  TEXT NOT NULL
  );
  `,`
  CREATE TABLE runs (
    id                     INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id                 TEXT NOT NULL UNIQUE,    -- 'r-<id>' for a Claude Code dispatch; the orchestrator's runId otherwise
    session_id             TEXT,                    -- the main conversation the result is due in
    source                 TEXT NOT NULL,           -- 'claude-code', 'cli'
    tool_use_id            TEXT,                    -- the Agent/Task tool call that dispatched it
    child_session_key      TEXT,                    -- Claude Code: the subagent's agentId
    agent_type             TEXT,
    description            TEXT,
    brief                  TEXT,                    -- the prompt: what a respawn dispatches again
    background             INTEGER NOT NULL DEFAULT 0,
    launched               INTEGER NOT NULL DEFAULT 0, -- 0: a dispatch intent with no sign yet that the child exists
    dispatch_at            TEXT NOT NULL,
    expected_by            TEXT NOT NULL,
    started_at             TEXT,
    child_done             INTEGER NOT NULL DEFAULT 0,
    child_done_at          TEXT,
    captured_result        TEXT,                    -- the child's final message, when captured
    child_transcript_path  TEXT,
    completion_received_at TEXT,
    forwarded_to_main      INTEGER,
    result_source          TEXT,
    respawn_of             TEXT,                    -- the run whose respawn this run is
    notified               TEXT,                    -- what the user was last told (a notice key)
    closed_as              TEXT CHECK (closed_as IN ('completed', 'recovered', 'blocked')),
    attention              INTEGER NOT NULL DEFAULT 1, -- open, or closed with a notice still owed to the user
    updated_at             TEXT NOT NULL
  );
  CREATE INDEX runs_tool_use ON runs (tool_use_id);
  CREATE INDEX runs_child ON runs (child_session_key);
  CREATE INDEX runs_attention ON runs (session_id, attention);
  CREATE INDEX runs_open ON runs (closed_as, launched);

  CREATE TABLE run_attempts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id       TEXT NOT NULL,
    action       TEXT NOT NULL CHECK (action IN ('fetch_history', 'respawn', 'escalate')),
    at           TEXT NOT NULL,
    outcome      TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed', 'pending')),
    resolved_at  TEXT,
    channel      TEXT NOT NULL,                     -- the hook point or command that acted: 'Stop', 'UserPromptSubmit', 'PostToolUse', 'cli'
    detail       TEXT,
    event_id     INTEGER                            -- the audit event of the hook call that acted
  );
  CREATE INDEX run_attempts_run ON run_attempts (run_id, id);
  `,`
  CREATE TABLE notices (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    at            TEXT NOT NULL,
    kind          TEXT NOT NULL,
    text          TEXT NOT NULL,
    event_id      INTEGER,                          -- the event that owes the notice
    announced_at  TEXT,                             -- when a hook told the person (NULL: still owed)
    announced_by  INTEGER                           -- the hook call's event
  );
  CREATE INDEX notices_owed ON notices (announced_at);
  `,`
  CREATE INDEX events_kind_at ON events (kind, at);
  CREATE INDEX events_stop_blocks ON events (id) WHERE kind = 'Stop' AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  -- How many events there are, kept by triggers: the check against the recovery head at every opening reads one row, not an index of every event.
  CREATE TABLE event_count (one INTEGER PRIMARY KEY CHECK (one = 1), n INTEGER NOT NULL);
  INSERT INTO event_count (one, n) SELECT 1, count(*) FROM events;
  CREATE TRIGGER events_counted AFTER INSERT ON events BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON events BEGIN UPDATE event_count SET n = n - 1; END;
  `,`
  ALTER TABLE events ADD COLUMN client TEXT;
  `,dr,fr,mr,gr],Ti=hr.length;var Si=/^\[redacted:[a-z-]+:hmac=[0-9a-f]{16}\]$/;function yr(e){return Si.test(e)}function Gt(e,t,n){return`[redacted:${e}:hmac=${mn(n,t).slice(0,16)}]`}function xe(e){return e===""||/^(?:\$|%|\{|<|\[redacted:|process\.env|os\.environ|env\.)/.test(e)}var j="(?<![A-Za-z0-9_-])",v=(...e)=>t=>e.some(n=>t.includes(n)),Ai=v("key","token","secret","passw","passphrase","credential"),Er="[A-Za-z0-9_-]*?(?:[_-]KEY|APIKEY|ACCESSKEY|SECRETKEY|PRIVATEKEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?)[A-Za-z0-9_-]*",vl=new RegExp(`^${Er}$`,"i"),Ri=/(?:[_-](?:file|path|dir|id|name|type|url|uri|env|length|len|size|count|ttl|expiry|expires|expires[_-]at|header|field|param|limit|stdin|prefix)|tokens|tokenizer|tokenize)$/i,Ni=/^(?:string|number|boolean|bool|any|unknown|object|null|nil|none|undefined|true|false|yes|no|str|int|bytes|optional|required)[;,]?$/i;function E(e){let t;return()=>t??=e()}var Ii=[{kind:"private-key",hint:v("-----begin"),re:E(()=>/(?<s>-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$))/g)},{kind:"anthropic",hint:v("sk-ant-"),re:E(()=>new RegExp(`${j}(?<s>sk-ant-[A-Za-z0-9_-]{20,})`,"g"))},{kind:"openai",hint:v("sk-"),re:E(()=>new RegExp(`${j}(?<s>sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})`,"g"))},{kind:"stripe",hint:v("k_live_","k_test_"),re:E(()=>new RegExp(`${j}(?<s>(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,})`,"g"))},{kind:"github",hint:v("ghp_","gho_","ghu_","ghs_","ghr_","github_pat_"),re:E(()=>new RegExp(`${j}(?<s>gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`,"g"))},{kind:"gitlab",hint:v("glpat-"),re:E(()=>new RegExp(`${j}(?<s>glpat-[A-Za-z0-9_-]{20,})`,"g"))},{kind:"slack",hint:v("xox"),re:E(()=>new RegExp(`${j}(?<s>xox[abprs]-[A-Za-z0-9-]{10,})`,"g"))},{kind:"aws",hint:v("akia","asia"),re:E(()=>/(?<![A-Za-z0-9])(?<s>(?:AKIA|ASIA)[A-Z0-9]{16})(?![A-Za-z0-9])/g)},{kind:"google",hint:v("aiza"),re:E(()=>new RegExp(`${j}(?<s>AIza[0-9A-Za-z_-]{35})`,"g"))},{kind:"npm",hint:v("npm_"),re:E(()=>new RegExp(`${j}(?<s>npm_[A-Za-z0-9]{36})`,"g"))},{kind:"huggingface",hint:v("hf_"),re:E(()=>new RegExp(`${j}(?<s>hf_[A-Za-z0-9]{30,})`,"g"))},{kind:"jwt",hint:v("eyj"),re:E(()=>new RegExp(`${j}(?<s>eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*)`,"g"))},{kind:"authorization",hint:v("authorization"),re:E(()=>/(?<pre>\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic|Token|Bot|Negotiate|Digest)\s+)?)(?<s>[^\s'"\\]+)/gi),keep:xe},{kind:"bearer",hint:v("bearer"),re:E(()=>/(?<pre>\bBearer\s+)(?<s>[A-Za-z0-9._~+/-]{16,}=*)/g),keep:e=>!/\d/.test(e)},{kind:"password",hint:v("-u","--user","--proxy-user"),re:E(()=>/(?<pre>(?:^|[\s"'])(?:-u\s*|--(?:proxy-)?user(?:\s+|=))["']?[^\s:'"]*:)(?<s>[^\s'"]+)/g),keep:xe},{kind:"flag",hint:e=>e.includes("--")&&v("pass","token","secret","api-key","apikey","access-key")(e),re:E(()=>/(?<pre>(?:^|[\s"'])--(?:[A-Za-z0-9]+-)*(?:password|passwd|pass|token|secret|api-key|apikey|access-key|secret-key|client-secret|auth-token)(?:\s+|=)["']?)(?<s>[^\s'"]+)/gi),keep:e=>xe(e)||e.startsWith("-")},{kind:"url-password",hint:e=>e.includes("://")&&e.includes("@"),re:E(()=>/(?<pre>\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/@:'"[]*:)(?<s>[^\s/@'"]+)(?=@)/g),keep:xe},{kind:"secret",hint:Ai,re:E(()=>new RegExp(`(?<pre>(?<![A-Za-z0-9_-]|\\[redacted:)["']?(?<name>${Er})["']?\\s*(?::(?!:)|=(?![=>]))\\s*)(?:"(?<dq>[^"\\n]*)"|'(?<sq>[^'\\n]*)'|(?<s>[^\\s'",;&|)}\\]]+))`,"gi")),keep:(e,t)=>Ri.test(t.name)||xe(e)||Ni.test(e)||e.includes("(")}];function X(e,t){if(e.length<4||yr(e))return e;let n=Oi(e,t),s=e.toLowerCase();for(let r of Ii){if(!r.hint(s))continue;let i=r.re();i.lastIndex=0,n=n.replace(i,(o,...a)=>{let l=a[a.length-1],u=l.dq!==void 0?'"':l.sq!==void 0?"'":"",c=l.s??l.dq??l.sq??"";return c===""||r.keep&&r.keep(c,l)?o:`${l.pre??""}${u}${Gt(r.kind,c,t)}${u}`})}return n}function Ht(e){let t=e.replace(/\\/g,"/"),n=t.slice(t.lastIndexOf("/")+1).toLowerCase();return n===".env"||n.endsWith(".env")?!0:n.startsWith(".env.")?!/^\.env\.(?:example|sample|template|dist|defaults)$/.test(n):/\.(?:pem|key|p12|pfx|jks|keystore|ppk)$/.test(n)||/^id_[a-z0-9_]+$/.test(n)||[".npmrc",".netrc","_netrc",".pypirc",".git-credentials",".pgpass"].includes(n)?!0:n==="credentials"&&t.toLowerCase().endsWith(".aws/credentials")}var xi=/^(?:\*\*\* (?:Add|Update|Delete) File: (?<a>.+)|\*\*\* Move to: (?<m>.+)|diff --git a\/\S+ b\/(?<g>\S+)|\+\+\+ (?:b\/)?(?<u>\S+).*|--- (?:a\/)?(?<o>\S+).*|\*\*\* (?:Begin|End) Patch)$/;function Oi(e,t){if(!/^(?:\*\*\* |diff --git |\+\+\+ )/m.test(e))return e;let n=e.split(`
`),s=[],r=!1,i=[],o=()=>{i.length&&s.push(Gt("secret-file",i.join(`
`),t)),i=[]};for(let a of n){let l=xi.exec(a);if(l){o();let u=l.groups,c=u.a??u.m??u.g??u.u??u.o;u.u!==void 0?r=r||Ht(c):r=c!==void 0&&Ht(c),s.push(a)}else r?i.push(a):s.push(a)}return o(),s.join(`
`)}function $i(e=""){let t=e?`${e}.`:"";return`coalesce(${t}client, CASE WHEN ${t}source LIKE 'hook:%' THEN substr(${t}source, 6) END, 'unknown')`}var Ci=$i();function M(e,t){e.run("INSERT INTO violations (at, session_id, kind, summary, event_id) VALUES (?, ?, ?, ?, ?)",t.at,t.sessionId,t.kind,X(t.summary,$(e)),t.eventId)}var at=h(k(),pe(1e5)),qt=h(ie(),re(),V(0),Re(1e6)),ou=I({receipt:m(I({planId:at,fromTaskId:at,nextTaskId:at,blockNumber:h(qt,V(1)),maxConsecutiveBlocks:qt})),session:I({boundary:$t(at),blocks:qt})});var fu=h(k(),O(1),pe(1e3)),mu=h(k(),pe(1e5));var Cu=1024*1024;var Pu=16*1024*1024;var Hu=typeof process<"u"?process.env.CONTINUITY_STAGES:void 0,Mi=Symbol.for("continuity.stage-marks"),Gu=globalThis[Mi]??=[];var fe=require("node:path");function lt(e){let t=(0,fe.basename)(e.path);return(0,fe.join)(".superpowers","sdd",t.slice(0,t.length-(0,fe.extname)(t).length),"progress.md").split("\\").join("/")}var W=require("node:fs"),me=require("node:path");var Ui=8;function Hi(e){let t=`${e}/.git`,n=(0,W.lstatSync)(t,{throwIfNoEntry:!1}),s=n?n.isDirectory()?"dir":"file":"absent",r={dotGit:s},i=t;if(s==="file"){let p=/^gitdir:\s*(.+?)\s*$/m.exec(Oe(t)??"");if(!p)return r;i=Vt(e,p[1]),r.gitdir=i}if(s==="absent")return r;let o=Oe(`${i}/commondir`)?.trim(),a=o?Vt(i,o):i;o&&(r.commondir=a);let l=dn(Oe(`${a}/config`),Oe(`${a}/config.worktree`),i===a?null:Oe(`${i}/config.worktree`));l&&(r.hooksPath=l.startsWith("~/")?`${process.env.HOME??""}/${l.slice(2)}`:Vt(e,l));let u=zt(`${a}/modules`,0);u.length&&(r.modules=u);let c=vr(`${a}/worktrees`).map(p=>`${a}/worktrees/${p}`);return c.length&&(r.worktrees=c),r}function ut(e,t=process.env){let{files:n,dirs:s}=pn(e,Hi(e)),r=i=>i.startsWith(`${e}/`)?i.slice(e.length+1):i;return[...new Set([...n.map(r),...s.map(i=>`${r(i)}/**`),...F(t)])]}function zt(e,t){if(t>Ui)return[];let n=[];for(let s of vr(e)){let r=`${e}/${s}`;(0,W.lstatSync)(`${r}/HEAD`,{throwIfNoEntry:!1})?(n.push(r),n.push(...zt(`${r}/modules`,t+1))):n.push(...zt(r,t+1))}return n}function vr(e){try{return(0,W.statSync)(e,{throwIfNoEntry:!1})?.isDirectory()?(0,W.readdirSync)(e,{withFileTypes:!0}).filter(t=>t.isDirectory()).map(t=>t.name).sort():[]}catch{return[]}}function Vt(e,t){return me.posix.normalize((0,me.isAbsolute)(t)?t:(0,me.resolve)(e,t))}function Oe(e){try{return(0,W.statSync)(e,{throwIfNoEntry:!1})?(0,W.readFileSync)(e,"utf8"):null}catch{return null}}var Xt=".continuity-signers";var _=require("node:path");var br="ssh-keygen -Y sign -n continuity\u2026";var Vi="git runs what it holds (a hook, or a command its config names) at the person's next git command, outside the agent's hooks; a person changes it at their own terminal (`git remote add`, `git branch -u`), and `continuity config accept` records a change made while the agent works",zi="it lists who may sign the approvals of this repository's plans: a key added there would sign for the person; it changes through the team's review (a commit pulled), or the person's own edit at their terminal",Xi="it runs later as the person, outside the agent's hooks: git reads it at the person's next git command in any repository, a shell when it starts; a person changes it at their own terminal, where nothing is to be accepted";async function Yt(e,t,n){let{root:s,cwd:r,plan:i}=t,o=R(s,t.patterns),a=i?(0,_.isAbsolute)(i.path)?i.path:(0,_.join)(s,i.path):null,l=/approved/i.test(e)&&a!==null,u=[...ze(t.patterns),...l?[(0,_.basename)(a)]:[]],c=T=>o(T)||l&&T===a,p;try{let{analyzeCommand:T}=await Promise.resolve().then(()=>zr(require("./analyze.cjs"),1));p=await T(e,{cwd:r,projectRoot:s,isProtected:c,protectedNames:u})}catch(T){return Le(n,u[0]??".continuity",`the command could not be analysed (${T.message.split(`
`)[0]}) and names a guarded path`,"Bash")}if(p.verdict==="allow")return _r(p.reason);let d=p.writes.find(T=>T.via.includes(br));if(d)return Yi(n,d.via);let f=p.writes[0];if(l&&f&&f.path===a)return Le(n,De(s,f.path),"only continuity writes the Approved line of a plan, when a person approves it",`Bash (${f.via})`);if(f&&!c(f.path)&&!f.path.includes("${")){let T=D=>(0,_.isAbsolute)(D)?D:(0,_.join)(s,D),ft=D=>T(D).startsWith(`${f.path.replace(/\/+$/,"")}/`),L=u.find(D=>ft(D)&&o(T(D)))??u.find(D=>o(T(D)))??u[0]??b,Fr=De(s,f.path)||"the project folder";return Le(n,Fr,`it holds ${L}, which is guarded: ${Kt(L,i,s)}`,`Bash (${f.via})`)}let ye=f?De(s,f.path)||".":u[0]??"";return Le(n,ye,Kt(ye,i,s),f?`Bash (${f.via})`:"Bash")}function Kt(e,t,n){if(e===b||e.startsWith(`${b}/`))return"continuity's ledger and config are written only by continuity";if(R(n,q(n))((0,_.isAbsolute)(e)?e:(0,_.join)(n,e)))return"it is part of what runs the agent's hooks (continuity's program, or the client's config that loads it): changed or removed, no hook would decide anything after it";if(e===Xt)return zi;let s=(0,_.isAbsolute)(e)?De(n,e):e,r=ve.includes(s)||At(process.env).includes(s);return!r&&/(^|\/)\.pi\/(agent\/)?extensions\//.test(e)?"pi runs every file in its extensions folder in its own process, as the person: a person adds one, outside the agent":!r&&wn(s,process.env)?Ki:Z(e)?"it wires the agent's hooks and sandbox: a person edits it, outside the agent, and `continuity config accept` records the edit":t&&t.state!=="approved"&&t.state!=="complete"&&(e===t.path||e===lt(t))?`it is the progress tracker of plan ${t.id}, which is ${t.state==="stale"?"stale (changed after approval)":"not approved"}; its execution has not been authorised`:(0,_.isAbsolute)(e)&&R(n,F())(e)?Xi:R(n,ut(n))((0,_.isAbsolute)(e)?e:(0,_.join)(n,e))?Vi:"it is listed in the config's protect list"}var Ki="the agent's client loads code and the servers it starts from this folder, as the person and outside every wall (pi's extensions and packages, OpenCode's plugins and tools, Copilot CLI's hooks and extensions): a person adds one, outside the agent",kr="approval_signing_refused",Jt="guarded_write_denied";function Le(e,t,n,s){return{output:{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:`continuity: ${t} is guarded: ${n}. The write (${s}) was not made.`}},decision:{action:"deny",path:t,via:s,why:n},persist:(i,o)=>M(i,{at:e.now,sessionId:e.payload.session_id,kind:Jt,summary:Zt(t,n,s),eventId:o})}}function Yi(e,t){let n="a signature in continuity's namespace is a person's approval or revocation, made by `continuity approve` or `continuity revoke` at their own terminal";return{output:{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:`continuity: ${t} is refused: ${n}. The command was not run.`}},decision:{action:"deny",path:"ssh-keygen -Y sign",via:t,why:n,violation:{kind:kr,summary:`${t} refused: ${n}`}},persist:(r,i)=>M(r,{at:e.now,sessionId:e.payload.session_id,kind:kr,summary:`${t} refused: ${n}`,eventId:i})}}function Zt(e,t,n){return`${n} to ${e} denied: ${t}`}function _r(e){return{output:null,decision:{action:"allow",why:e}}}function De(e,t){let n=(0,_.relative)(e,t);return n.startsWith("..")?t:n}var wr;(function(e){e[e.lineFeed=10]="lineFeed",e[e.carriageReturn=13]="carriageReturn",e[e.space=32]="space",e[e._0=48]="_0",e[e._1=49]="_1",e[e._2=50]="_2",e[e._3=51]="_3",e[e._4=52]="_4",e[e._5=53]="_5",e[e._6=54]="_6",e[e._7=55]="_7",e[e._8=56]="_8",e[e._9=57]="_9",e[e.a=97]="a",e[e.b=98]="b",e[e.c=99]="c",e[e.d=100]="d",e[e.e=101]="e",e[e.f=102]="f",e[e.g=103]="g",e[e.h=104]="h",e[e.i=105]="i",e[e.j=106]="j",e[e.k=107]="k",e[e.l=108]="l",e[e.m=109]="m",e[e.n=110]="n",e[e.o=111]="o",e[e.p=112]="p",e[e.q=113]="q",e[e.r=114]="r",e[e.s=115]="s",e[e.t=116]="t",e[e.u=117]="u",e[e.v=118]="v",e[e.w=119]="w",e[e.x=120]="x",e[e.y=121]="y",e[e.z=122]="z",e[e.A=65]="A",e[e.B=66]="B",e[e.C=67]="C",e[e.D=68]="D",e[e.E=69]="E",e[e.F=70]="F",e[e.G=71]="G",e[e.H=72]="H",e[e.I=73]="I",e[e.J=74]="J",e[e.K=75]="K",e[e.L=76]="L",e[e.M=77]="M",e[e.N=78]="N",e[e.O=79]="O",e[e.P=80]="P",e[e.Q=81]="Q",e[e.R=82]="R",e[e.S=83]="S",e[e.T=84]="T",e[e.U=85]="U",e[e.V=86]="V",e[e.W=87]="W",e[e.X=88]="X",e[e.Y=89]="Y",e[e.Z=90]="Z",e[e.asterisk=42]="asterisk",e[e.backslash=92]="backslash",e[e.closeBrace=125]="closeBrace",e[e.closeBracket=93]="closeBracket",e[e.colon=58]="colon",e[e.comma=44]="comma",e[e.dot=46]="dot",e[e.doubleQuote=34]="doubleQuote",e[e.minus=45]="minus",e[e.openBrace=123]="openBrace",e[e.openBracket=91]="openBracket",e[e.plus=43]="plus",e[e.slash=47]="slash",e[e.formFeed=12]="formFeed",e[e.tab=9]="tab"})(wr||(wr={}));var Zi=new Array(20).fill(0).map((e,t)=>" ".repeat(t)),ge=200,Qi={" ":{"\n":new Array(ge).fill(0).map((e,t)=>`
`+" ".repeat(t)),"\r":new Array(ge).fill(0).map((e,t)=>"\r"+" ".repeat(t)),"\r\n":new Array(ge).fill(0).map((e,t)=>`\r
`+" ".repeat(t))},"	":{"\n":new Array(ge).fill(0).map((e,t)=>`
`+"	".repeat(t)),"\r":new Array(ge).fill(0).map((e,t)=>"\r"+"	".repeat(t)),"\r\n":new Array(ge).fill(0).map((e,t)=>`\r
`+"	".repeat(t))}};var Sr;(function(e){e.DEFAULT={allowTrailingComma:!1}})(Sr||(Sr={}));var Ar;(function(e){e[e.None=0]="None",e[e.UnexpectedEndOfComment=1]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=2]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=3]="UnexpectedEndOfNumber",e[e.InvalidUnicode=4]="InvalidUnicode",e[e.InvalidEscapeCharacter=5]="InvalidEscapeCharacter",e[e.InvalidCharacter=6]="InvalidCharacter"})(Ar||(Ar={}));var Rr;(function(e){e[e.OpenBraceToken=1]="OpenBraceToken",e[e.CloseBraceToken=2]="CloseBraceToken",e[e.OpenBracketToken=3]="OpenBracketToken",e[e.CloseBracketToken=4]="CloseBracketToken",e[e.CommaToken=5]="CommaToken",e[e.ColonToken=6]="ColonToken",e[e.NullKeyword=7]="NullKeyword",e[e.TrueKeyword=8]="TrueKeyword",e[e.FalseKeyword=9]="FalseKeyword",e[e.StringLiteral=10]="StringLiteral",e[e.NumericLiteral=11]="NumericLiteral",e[e.LineCommentTrivia=12]="LineCommentTrivia",e[e.BlockCommentTrivia=13]="BlockCommentTrivia",e[e.LineBreakTrivia=14]="LineBreakTrivia",e[e.Trivia=15]="Trivia",e[e.Unknown=16]="Unknown",e[e.EOF=17]="EOF"})(Rr||(Rr={}));var Nr;(function(e){e[e.InvalidSymbol=1]="InvalidSymbol",e[e.InvalidNumberFormat=2]="InvalidNumberFormat",e[e.PropertyNameExpected=3]="PropertyNameExpected",e[e.ValueExpected=4]="ValueExpected",e[e.ColonExpected=5]="ColonExpected",e[e.CommaExpected=6]="CommaExpected",e[e.CloseBraceExpected=7]="CloseBraceExpected",e[e.CloseBracketExpected=8]="CloseBracketExpected",e[e.EndOfFileExpected=9]="EndOfFileExpected",e[e.InvalidCommentToken=10]="InvalidCommentToken",e[e.UnexpectedEndOfComment=11]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=12]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=13]="UnexpectedEndOfNumber",e[e.InvalidUnicode=14]="InvalidUnicode",e[e.InvalidEscapeCharacter=15]="InvalidEscapeCharacter",e[e.InvalidCharacter=16]="InvalidCharacter"})(Nr||(Nr={}));var Qd=!!"".isWellFormed;var H=require("node:path"),Ef=(0,H.join)("dist","bin","continuity"),vf=(0,H.join)("dist","cli.cjs"),bf=(0,H.join)("dist","launcher","continuity"),kf=(0,H.join)("dist","bin","built-on-first-use");var Kf=new Set(["CLAUDE_CONFIG_DIR","CODEX_HOME",...He]);var pg=11*6e4;var Tg=256*1024,Sg=8*1024*1024;var Ig=8*1024*1024;var Lg=512*1024;var To={runId:"run_id",sessionId:"session_id",source:"source",toolUseId:"tool_use_id",childSessionKey:"child_session_key",agentType:"agent_type",description:"description",brief:"brief",background:"background",launched:"launched",dispatchAt:"dispatch_at",expectedBy:"expected_by",startedAt:"started_at",childDone:"child_done",childDoneAt:"child_done_at",capturedResult:"captured_result",childTranscriptPath:"child_transcript_path",completionReceivedAt:"completion_received_at",forwardedToMain:"forwarded_to_main",resultSource:"result_source",respawnOf:"respawn_of",notified:"notified",closedAs:"closed_as",attention:"attention",updatedAt:"updated_at"};var xh=`SELECT id, ${Object.values(To).join(", ")} FROM runs`;var hy=8*1024*1024;function Mr(e,t){let n=t.map(p=>p.result.output).filter(p=>p!==null),s=n.map(p=>p.hookSpecificOutput??{}),r=s.filter(p=>p.permissionDecision==="deny"),i=n.filter(p=>p.decision==="block"),o=dt(s.map(p=>p.additionalContext)),a=dt(n.map(p=>p.systemMessage)),l={};r.length&&(l.permissionDecision="deny",l.permissionDecisionReason=dt(r.map(p=>p.permissionDecisionReason))),o&&(l.additionalContext=o);let u={};i.length&&(u.decision="block",u.reason=dt(i.map(p=>p.reason))),Object.keys(l).length&&(u.hookSpecificOutput={hookEventName:e,...l}),a&&(u.systemMessage=a);let c=t.map(p=>p.result.persist).filter(p=>!!p);return{output:Object.keys(u).length?u:null,decision:{action:r.length?"deny":i.length?"block":o||a?"context":"none",rules:Object.fromEntries(t.map(p=>[p.name,p.result.decision]))},...c.length?{persist:(p,d)=>c.forEach(f=>f(p,d))}:{}}}function dt(e){return e.filter(t=>typeof t=="string"&&t.length>0).join(`

`)}async function xo(e,t,n,s){if(e.tool_name!=="Bash"||!t||t.plan&&!t.approval||!an(t,(0,Wr.join)(n,b))||Je.some(u=>u.name!=="guard-before"&&u.wants(e,t,n)))return null;let r=t.plan&&t.approval?{id:t.approval.planId,state:t.approval.state,path:t.plan.path}:null,i=typeof e.tool_input.command=="string"?e.tool_input.command:"",o=await Yt(i,{root:n,cwd:e.cwd??n,patterns:[...t.protectGlobs,...q(n),...F(),...J(process.env)],plan:r},{now:s,payload:e}),a=o.decision,l=a.action==="deny"?[a.violation??{kind:Jt,summary:Zt(a.path,a.why,a.via)}]:[];return{result:Mr("PreToolUse",[{name:"guard-before",result:o}]),violations:l}}0&&(module.exports={guardFromHotState});
