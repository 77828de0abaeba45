const __continuityModuleUrl = require("node:url").pathToFileURL(__filename).href;
"use strict";var yr=Object.create;var _e=Object.defineProperty;var Er=Object.getOwnPropertyDescriptor;var vr=Object.getOwnPropertyNames;var br=Object.getPrototypeOf,kr=Object.prototype.hasOwnProperty;var wr=(e,t)=>{for(var n in t)_e(e,n,{get:t[n],enumerable:!0})},It=(e,t,n,s)=>{if(t&&typeof t=="object"||typeof t=="function")for(let r of vr(t))!kr.call(e,r)&&r!==n&&_e(e,r,{get:()=>t[r],enumerable:!(s=Er(t,r))||s.enumerable});return e};var _r=(e,t,n)=>(n=e!=null?yr(br(e)):{},It(t||!e||!e.__esModule?_e(n,"default",{value:e,enumerable:!0}):n,e)),Tr=e=>It(_e({},"__esModule",{value:!0}),e);var Xi={};wr(Xi,{guardFromHotState:()=>Bi});module.exports=Tr(Xi);var mr=require("node:fs"),Ze=require("node:path");var G=require("node:fs"),Ct=require("node:path");var j=require("node:fs"),Qe=require("node:path"),Te="redaction.key",Sr=/^[0-9a-f]{64}$/,Ot=new Map,Ar=Symbol.for("continuity.redaction-dir");function Lt(e){try{let t=(0,j.readFileSync)(e,"utf8").trim();return Sr.test(t)?t:null}catch{return null}}function Dt(e){let t=Ot.get(e);if(t!==void 0)return t;let n=(0,Qe.join)(e,Te),s=Lt(n);if(s===null){let r=new Uint8Array(32);globalThis.crypto.getRandomValues(r);let i=Array.from(r,l=>l.toString(16).padStart(2,"0")).join(""),o=(0,Qe.join)(e,`.${Te}.${process.pid}`);try{(0,j.writeFileSync)(o,`${i}
`,{mode:384});try{(0,j.linkSync)(o,n)}catch(l){if(l.code!=="EEXIST")throw l}finally{(0,j.unlinkSync)(o)}s=Lt(n)}catch{s=null}}return Ot.set(e,s??""),s??""}function L(e){let t=e[Ar];return t===void 0?"":Dt(t)}var $t="runs-later.json";var E=".continuity",Se="ledger.db",z="config.json";function Rr(e){return Nr.has(e)||/^ledger\.db(?:-wal|-shm|-journal|\.restoring|\.damaged-[\w-]+)$/.test(e)||/^\.state\.json\.\d+$/.test(e)||/^\.redaction\.key\.\d+$/.test(e)||/^\.runs-later\.json\.\d+$/.test(e)}var Nr=new Set([Se,"state.json","spool",z,"init-record.json","replaced",Te,$t]);function et(e){try{return(0,G.readdirSync)((0,Ct.join)(e,E)).filter(t=>!Rr(t))}catch{return[]}}var ae=require("node:fs"),Pt=require("node:path"),Mt="state.json";function le(e){let t=0;for(let n of["ledger.db","ledger.db-wal"])try{t=Math.max(t,(0,ae.statSync)((0,Pt.join)(e,n)).mtimeMs)}catch{}return t}var Ut=require("node:fs"),h=require("node:path");var jt=require("node:url");function Wt(e){let t=(0,jt.fileURLToPath)(e);return t.startsWith("/$bunfs/")||/^[A-Z]:[\\/]~BUN[\\/]/i.test(t)}var xr=[];function Ir(e=process.env,t=process.argv[1]){let n=[...xr],s=!0;if(s)for(let r of[e.CONTINUITY_PLUGIN_ROOT,e.CLAUDE_PLUGIN_DATA])r&&(0,h.isAbsolute)(r)&&n.push({path:(0,h.resolve)(r),folder:!0});if(Wt(__continuityModuleUrl)){let r=Ft(process.execPath),i=r&&(0,h.basename)((0,h.dirname)(r))==="bin"&&(0,h.basename)((0,h.dirname)((0,h.dirname)(r)))==="dist";r&&n.push(i?{path:(0,h.dirname)((0,h.dirname)(r)),folder:!0}:{path:r,folder:!1})}else if(t&&!s){let r=Ft(t);r&&/^cli\.[cm]js$/.test((0,h.basename)(r))&&(0,h.basename)((0,h.dirname)(r))==="dist"&&n.push({path:(0,h.dirname)(r),folder:!0})}return n.filter((r,i)=>n.findIndex(o=>o.path===r.path)===i)}function Or(e,t){return t.map(({path:n,folder:s})=>{let r=(0,h.relative)(e,n),i=r&&!r.startsWith("..")&&!(0,h.isAbsolute)(r)?r.split("\\").join("/"):n;return s?`${i}/**`:i})}function W(e,t=process.env){return Or(e,Ir(t))}function Ft(e){try{return(0,Ut.realpathSync)(e)}catch{return null}}var Re=require("node:fs"),Xt=require("node:os"),K=require("node:path");var Lr=["config","config.worktree","info/attributes"];function Ht(e,t){let n=F(e),s=new Set,r=new Set,i=a=>{for(let u of Lr)s.add(`${a}/${u}`);r.add(`${a}/hooks`)};if(i(`${n}/.git`),t.dotGit!=="file"&&s.add(`${n}/.git/commondir`),t.dotGit==="file"&&(s.add(`${n}/.git`),t.gitdir)){let a=F(t.gitdir);i(a),s.add(`${a}/commondir`)}let o=F(t.commondir??(t.dotGit==="file"?t.gitdir??`${n}/.git`:`${n}/.git`));i(o);for(let a of t.worktrees??[])s.add(`${F(a)}/config.worktree`),s.add(`${F(a)}/commondir`);for(let a of t.modules??[])s.add(`${F(a)}/config`),r.add(`${F(a)}/hooks`);t.hooksPath&&r.add(F(t.hooksPath));let l=a=>[...r].some(u=>a.startsWith(`${u}/`));return{files:[...s].filter(a=>!l(a)).sort(),dirs:[...r].filter(a=>![...r].some(u=>u!==a&&a.startsWith(`${u}/`))).sort()}}function F(e){return e.length>1?e.replace(/\/+$/,""):e}function tt(e){let t=[],n="";for(let s of e.split(/\r?\n/)){let r=s.trim();if(!r||r.startsWith("#")||r.startsWith(";"))continue;let i=/^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\](.*)$/.exec(r);if(i){let l=i[2]!==void 0?`.${i[2].replace(/\\(.)/g,"$1")}`:"";if(n=`${i[1].toLowerCase()}${l}`,r=i[3].trim(),!r)continue}let o=/^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(r);!o||!n||t.push({key:`${n}.${o[1].toLowerCase()}`,value:Dr(o[2]??"true")})}return t}function Dr(e){let t="",n=!1;for(let s=0;s<e.length;s++){let r=e[s];if(r==='"')n=!n;else if(r==="\\"&&s+1<e.length)t+=e[++s]==="n"?`
`:e[s];else{if(!n&&(r==="#"||r===";"))break;t+=r}}return t.trim()}function Gt(...e){let t=null;for(let n of e)for(let s of tt(n??""))s.key==="core.hookspath"&&s.value&&(t=s.value);return t}var S=require("node:path"),qt={linux:["/etc/gitconfig"],darwin:["/etc/gitconfig","/opt/homebrew/etc/gitconfig","/usr/local/etc/gitconfig","/Library/Developer/CommandLineTools/usr/share/git-core/gitconfig","/Applications/Xcode.app/Contents/Developer/usr/share/git-core/gitconfig"]};function rt(e){let t=e.home?nt(e.home):null,n=new Set,s=new Set,r=new Set,i=new Set;if(t){n.add(`${t}/.gitconfig`),i.add(`${t}/.config`);for(let d of e.startupFiles)s.add(S.posix.join(t,d))}e.xdgConfigHome&&S.posix.isAbsolute(e.xdgConfigHome)&&i.add(nt(e.xdgConfigHome));for(let d of i)n.add(`${d}/git/config`),s.add(`${d}/git/attributes`);e.gitConfigGlobal&&S.posix.isAbsolute(e.gitConfigGlobal)&&e.gitConfigGlobal!=="/dev/null"&&n.add(S.posix.normalize(e.gitConfigGlobal));let l=[...e.gitConfigSystem&&S.posix.isAbsolute(e.gitConfigSystem)&&e.gitConfigSystem!=="/dev/null"?[S.posix.normalize(e.gitConfigSystem)]:[],...qt[e.platform]??qt.linux];for(let d of l)n.add(d);let a=(d,f)=>d?d.startsWith("~/")?t?S.posix.join(t,d.slice(2)):null:S.posix.isAbsolute(d)?S.posix.normalize(d):f?S.posix.join(f,d):null:null;for(let d of e.includes??[]){let f=a(d.path,d.from);f&&n.add(f)}let u=a(e.attributesFile,null);u&&s.add(u);let p=a(e.hooksPath,null);p&&p!=="/"&&p!==t&&r.add(nt(p));for(let d of n)s.add(d);let c=d=>[...r].some(f=>d.startsWith(`${f}/`));return{files:[...s].filter(d=>!c(d)).sort(),dirs:[...r].sort(),configs:[...n].sort(),system:[...new Set(l)].sort()}}function nt(e){return e.length>1?e.replace(/\/+$/,""):e}var st;(function(e){e.Text="text",e.Separator="separator",e.AnyChar="anyChar",e.Star="star",e.Globstar="globstar",e.GlobstarSlash="globstarSlash",e.Set="set"})(st||(st={}));var Bt=[".gitconfig",".gitmodules",".bashrc",".bash_profile",".zshrc",".zprofile",".profile",".ripgreprc",".mcp.json"];var wo=1<<20;var Cr="srt",Pr=255,_o=Pr-Buffer.byteLength(`${Cr}.`);var Mr=[".zshenv",".zlogin",".bash_login"],jr=new Set([".gitmodules",".mcp.json",".gitconfig"]),Wr=new Set([...Bt.filter(e=>!jr.has(e)),...Mr]);function Fr(e=process.env,t=process.platform){let n=e.HOME&&(0,K.isAbsolute)(e.HOME)?e.HOME:Hr(),s=l=>l&&(0,K.isAbsolute)(l)?l:null,r={home:n,xdgConfigHome:s(e.XDG_CONFIG_HOME),gitConfigGlobal:s(e.GIT_CONFIG_GLOBAL),gitConfigSystem:s(e.GIT_CONFIG_SYSTEM),platform:t,startupFiles:[...Wr]},i=rt(r),o=[];for(let l of i.configs){let a=Gr(l);if(a!==null)for(let u of tt(a))u.key==="core.hookspath"&&u.value?r.hooksPath=u.value:u.key==="core.attributesfile"&&u.value?r.attributesFile=u.value:(u.key==="include.path"||/^includeif\..+\.path$/.test(u.key))&&u.value&&o.push({path:u.value,from:(0,K.dirname)(l)})}return o.length&&(r.includes=o),r}var Ae=new Map;function Ur(e=process.env){let t=[e.HOME,e.XDG_CONFIG_HOME,e.GIT_CONFIG_GLOBAL,e.GIT_CONFIG_SYSTEM].join("\0"),n=Ae.get(t);if(n&&Vt(n.value.configs)===n.stamps)return n.value;let s=rt(Fr(e));return Ae.size>8&&Ae.clear(),Ae.set(t,{stamps:Vt(s.configs),value:s}),s}function Vt(e){return e.map(t=>{let n=(0,Re.statSync)(t,{throwIfNoEntry:!1});return n?`${n.size}:${n.mtimeMs}:${n.ino}`:"-"}).join(",")}function D(e=process.env){let{files:t,dirs:n}=Ur(e);return[...t,...n.map(s=>`${s}/**`)]}function Hr(){try{let e=(0,Xt.homedir)();return e&&(0,K.isAbsolute)(e)?e:null}catch{return null}}function Gr(e){try{return(0,Re.readFileSync)(e,"utf8")}catch{return null}}var ue=new Set(["Agent","Task"]),it=new Set(["TaskOutput","AgentOutputTool"]);function ce(e){let t=e.agent_id;return typeof t=="string"&&t!==""}var zt={name:"watchdog-dispatch",wants:e=>ue.has(e.tool_name)&&!ce(e)},Kt={name:"watchdog-result",wants:e=>(ue.has(e.tool_name)||it.has(e.tool_name))&&!ce(e)},Yt={name:"watchdog-delivery",wants:(e,t)=>!ue.has(e.tool_name)&&!it.has(e.tool_name)&&!ce(e)&&(t===null||t.openRuns>0)};var Zt=require("node:module"),k=require("node:path");var q=require("node:fs"),b=require("node:path");function Ne(e,t=0){let n=(0,b.normalize)(e);if(t>40)return n;try{if((0,q.lstatSync)(n).isSymbolicLink()){let r=(0,q.readlinkSync)(n);return Ne((0,b.isAbsolute)(r)?r:(0,b.resolve)((0,b.dirname)(n),r),t+1)}return(0,q.realpathSync)(n)}catch{}let s=(0,b.dirname)(n);return s===n?n:(0,b.join)(Ne(s,t+1),(0,b.basename)(n))}function pe(e){try{return(0,q.realpathSync)(e)}catch{return(0,b.normalize)(e)}}var qr,Br=()=>qr??=(0,Zt.createRequire)(__continuityModuleUrl)("node:os").homedir();function de(e,t){if(!/\.(md|markdown|json)$/i.test(e))return!1;if(e.split(/[\\/]/).pop()===".tdd-progress.md")return!0;let n=(0,k.relative)(t,e).split(k.sep).join("/");if(!n.startsWith("..")&&!(0,k.isAbsolute)(n)&&/^docs\/(superpowers\/)?plans\//.test(n))return!0;let s=(0,k.relative)(`${Br()}/.claude/plans`,e);return!s.startsWith("..")&&!(0,k.isAbsolute)(s)}function Y(e,t){let n=e.file_path??e.notebook_path??e.path;return typeof n!="string"||!n?null:(0,k.isAbsolute)(n)?n:`${t}/${n}`}function ot(e,t,n,s){let r=(0,k.normalize)(e);if(n(r))return Jt(t,r);let i=Ne(r),o=pe(t);return s(i)?Jt(o,i):null}function Jt(e,t){let n=(0,k.relative)(e,t);return n.startsWith("..")||(0,k.isAbsolute)(n)?t:n.split(k.sep).join("/")}var fe=new Set(["Write","Edit","MultiEdit","NotebookEdit"]);var I=require("node:path"),Q=require("node:fs");var Vr=String.raw`^[ \t]*(?:>[ \t]*)*(?:[-*+][ \t]+)?`;function Qt(e){return new RegExp(String.raw`${Vr}(?:\*\*|__)?${e}(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$`,"i")}var Co=Qt("status"),at=Qt("approved");function me(e){let t=e.split(/\r?\n/),n=Xr(t),s=[],r=!1;for(let i=0;i<n;i++)/^\s*(```|~~~)/.test(t[i])&&(r=!r),!r&&at.test(t[i])&&s.push(t[i].trim());return s}function Xr(e){let t=e.findIndex(n=>/^#{1,6}\s+(slice|step)\s+\d/i.test(n));return t<0?e.length:t}function J(e){return e.replace(/(['"`])\s*\+?\s*(['"`])/g,"").replace(/['"`\\]/g,"")}function en(e){let t=new Set,n=new Set;for(let s of e){let r=s.trim().replace(/^(\.\/)+/,"").replace(/(\/\*\*)+$/,"").replace(/\/+$/,"").toLowerCase();if(!r)continue;let i=r.split("/").filter(Boolean);r.includes("*")||t.add(r);let o=i[i.length-1],l=i.slice(0,-1).some(a=>a===".git"||a==="git");o&&!o.includes("*")&&!l&&t.add(o);for(let a of i.slice(0,-1))!a.includes("*")&&a!=="."&&a!==".."&&a!=="git"&&n.add(a)}return{names:[...t],dirSegments:[...n]}}var tn=/base64|b64decode|atob\b|\bxxd\b|\bod\b|uudecode|\bopenssl\b|\\x[0-9a-f]{2}|\\[0-7]{3}|\\u[0-9a-f]{4}|\$'|\brev\b|\btr\b|rot13|fromhex|unhexlify|fromcharcode|\bchr\s*\(|\bpack\s*\(|\bzcat\b|gzip\s+-d|\bgunzip\b/i,nn=/\bchr\s*\(|\bchar\s*\(|['"]\s*\|\||\|\|\s*['"]|fromcharcode|\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\[0-7]{3}|base64|b64decode|\batob\b|fromhex|unhexlify|\bcodecs\b|rot13|\[::-1\]|\breverse\b|\.join\s*\(|\bjoin\s*\(|\blistdir\b|\bscandir\b|\bos\.walk\b|\bwalk\s*\(|\breaddir|\bglob\b|\biterdir\b|\brglob\b|\benviron\b|process\.env|\bgetenv\b|\bENV\b|\$ENV|\bsys\.argv\b|process\.argv|\bARGV\b|\$ARGV|\bsprintf\b|\bformat\s*\(|%\s*\(|\bf['"]|\$\{|\+\s*['"]|['"]\s*\+|\.\.\s*['"]|['"]\s*\.\.|\bconcat\b/i;var rn=["tee","sponge","dd","cp","mv","install","ln","rm","rmdir","rimraf","del-cli","trash","unlink","truncate","touch","shred","mkdir","mkfifo","fallocate","mktemp","chmod","chown","chgrp","chattr","setfacl","uniq","sed","gsed","perl","ruby","awk","gawk","mawk","nawk","ex","vi","vim","nvim","gvim","view","ed","red","emacs","nano","pico","micro","kak","hx","helix","joe","vis","prettier","mdformat","markdownlint","markdownlint-cli2","dprint","dos2unix","unix2dos","eslint","black","ruff","gofmt","goimports","rustfmt","clang-format","shfmt","biome","yq","patch","sqlite3","sqlite","tar","gtar","bsdtar","unzip","7z","7za","zip","gzip","gunzip","bzip2","bunzip2","xz","unxz","lzma","unlzma","rsync","curl","wget","bash","sh","zsh","dash","ksh","mksh","ash","fish","eval","python","python2","python3","pypy","pypy3","node","nodejs","deno","bun","php","perl6","lua","luajit","Rscript","osascript","pwsh","powershell","tclsh","sudo","sudoedit","su","runuser","script","watch","flock","xargs","find","npm","pnpm","yarn"];var sn=["then","do","else","elif","exec","command","builtin","nice","nohup","setsid","time","timeout","env","sudo","doas","xargs","npx","bunx","busybox","stdbuf","unbuffer","!"];var on=new Set(rn.map(e=>e.toLowerCase())),zr=Math.max(...[...on].map(e=>e.length)),an=/\s/,Kr=e=>an.test(e)||";&|(){}!`/".includes(e),Yr=e=>an.test(e)||";&|()<>".includes(e),Jr=e=>e>="0"&&e<="9"||e===".",Zr=e=>/[\w.^~-]/.test(e);function ln(e){let t=e.length,n=new Uint8Array(t+1),s=new Uint8Array(t+1),r=new Uint8Array(t+1);n[t]=s[t]=1;for(let i=t-1;i>=0;i--){let o=e[i];n[i]=Yr(o)?1:0,s[i]=n[i]||Jr(o)&&s[i+1]?1:0,r[i]=Zr(o)&&(n[i+1]||r[i+1])?1:0}for(let i=0;i<t;i++)if(!(i>0&&!Kr(e[i-1])))for(let o=1;o<=zr&&i+o<=t;o++){let l=i+o;if(on.has(e.slice(i,l))&&(s[l]||e[l]==="@"&&(n[l+1]||r[l+1])))return!0}return!1}var Qr=e=>e.replace(/[.*+?^${}()|[\]\\]/g,"\\$&"),es=/\bgit\b(?:\s+(?:-c\s+\S+|-C\s+\S+|--?[\w-]+(?:=\S+)?))*\s+(?:checkout|restore|rm|mv|clean|apply|am|archive)\b/,ts=/(?:^|\s)(?:-o|-O|--output(?:-file|-document)?|--outfile|--out|-out|--log-file)(?=[\s=]|$)/,ns=new RegExp(`(?:^|[;&|({\\n]|\\b(?:${sn.filter(e=>e!=="!").join("|")})\\s+(?:-\\S+\\s+)*|!\\s*)\\s*[^\\s;&|()<>]*[$\`]`),rs=/\d*[<>]&(?:\d+-?|-)(?![\w./])|[&\d]*>>?\s*\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)\b|[=-]>|>=/g,ss=/\bgit\b[^;&|]*(?:\s-c\s*|\bconfig\b[^;&|]*)(?:alias\.|core\.(?:editor|pager|sshcommand|fsmonitor|askpass|hookspath)|sequence\.editor|pager\.|diff\.|merge\.|filter\.|credential\.|gpg\.)|\bgit\b[^;&|]*\s--config-env\b/,is=/\bssh-keygen\b|\|&?\s*(?:sudo\s+|env\s+|command\s+|exec\s+)*(?:\S*\/)?(?:ba|z|da|k|mk|a)?sh\b|(?:\bsource|(?:^|[\s;&|(])\.|\b(?:ba|z|da|k|mk|a)?sh)\s+<\(|\b(?:tar|gtar|bsdtar|unzip|7za?|xargs|parallel|flock)\b|\bfind\b[^;&|]*\s-(?:delete|exec|execdir|ok|okdir|fprint0?|fprintf|fls)\b|\bgit\b[^;&|]*\bclean\b/,os=/[$`*?[\]{}~]|\beval\b/,as=/\bgit\b[^;&|]*\s(?:config|remote\s+(?:add|set-url|rename|remove|rm|set-branches)|branch\b[^;&|]*\s(?:-u|--set-upstream-to|--unset-upstream|-t|--track|--edit-description)|push\b[^;&|]*\s(?:-u|--set-upstream)|submodule|init|lfs\s+(?:install|update))(?=[\s=;&|)]|$)/,ls=/\b(?:npm|pnpm|yarn|bun)\b[^;&|]*\s(?:ci|clean-install|ic|install-clean|isntall-clean|prune|dedupe|ddp|autoclean|rebuild|update|up|upgrade|udpate|install|i|in|add|a|link|ln|remove|rm|r|un|uninstall|unlink)(?=[\s=;&|)]|$)|\byarn\s*(?=$|[;&|)])/,us=/(?:^|[\s=:;&|(])(?:\.\.?\/?|\/)(?=$|[\s;&|)])|\.\.|(?:^|[\s=;&|(])\/(?!dev\/|tmp\/|var\/tmp\/|private\/tmp\/|proc\/)|(?:^|[;&|(]\s*|\s)cd\s*(?=$|[;&|)])|(?:^|\s):(?:\/|\()/;function cs(e){return ln(e)||es.test(e)||ns.test(e)||ts.test(e.replace(/\bset\s+[-+]o\s+\w+/g,""))?!0:e.replace(rs,"").includes(">")}function un(e,t){if(!e.trim())return!1;if(t.length===0)return!0;let n=J(e),s=n.toLowerCase(),{names:r,dirSegments:i}=en(t);return r.some(o=>s.includes(o))||is.test(s)||ss.test(s)||as.test(s)||ls.test(s)?!0:cs(s)?os.test(e)||tn.test(e)||nn.test(e)||i.some(o=>new RegExp(`(?:^|[^\\w.-])${Qr(o)}(?:$|[^\\w.-])`).test(s))?!0:us.test(n):!1}var xe=require("node:path");function w(e,t){let n=xe.posix.normalize(e),s=t.filter(i=>i.startsWith("/")).map(i=>cn(xe.posix.normalize(i))),r=t.filter(i=>!i.startsWith("/")).map(i=>cn(i.replace(/^(\.\/)+/,"")));return i=>{let o=xe.posix.normalize(i);if(s.some(a=>a.test(o)))return!0;if(!o.startsWith(n+"/"))return!1;let l=o.slice(n.length+1);return r.some(a=>a.test(l))}}function cn(e){let t="";for(let n=0;n<e.length;n++){let s=e[n];s==="*"&&e[n+1]==="*"?(t+=".*",n++):s==="*"?t+="[^/]*":s==="?"?t+="[^/]":t+=s.replace(/[.+^${}()|[\]\\]/g,"\\$&")}return t=t.replace(/\/\.\*$/,"(?:/.*)?"),new RegExp(`^${t}$`)}function Ie(e){let t=new Set;for(let n of e){let s=o=>o.slice(o.length>=3&&o[o.length-2]==="git"?-3:-2).join("/"),r=(n.startsWith("/")?s(n.replace(/(\/\*\*)+$/,"").split("/")):n.replace(/^(\.\/)+/,"")).replace(/(\/\*\*)+$/,"");t.add(r),n.startsWith("/")&&n.endsWith("/**")&&t.add(n.replace(/(\/\*\*)+$/,""));let i=r.split("/").pop();i&&!i.includes("*")&&!/(^|\/)\.?git\//.test(r)&&t.add(i)}return[...t]}var lt=require("node:module"),Oe,Le=globalThis.Bun?.CryptoHasher;function x(e){let t;if(Le?t=new Le("sha256"):(Oe??=(0,lt.createRequire)(__continuityModuleUrl)("node:crypto"),t=Oe.createHash("sha256")),typeof e=="string")t.update(e);else for(let n of e)t.update(n);return t.digest("hex")}function pn(e,t){if(Le){let n=new Le("sha256",e);return n.update(t),n.digest("hex")}return Oe??=(0,lt.createRequire)(__continuityModuleUrl)("node:crypto"),Oe.createHmac("sha256",e).update(t).digest("hex")}var De=require("node:fs"),Z=require("node:path");var ut=200,ps=new Set([".git","node_modules",".continuity"]);function ct(e,t){let n=new Set;for(let s of t){let r=Z.posix.normalize(s.replace(/^(\.\/)+/,"")).replace(/\/+$/,"");if(!r||r==="."||r.startsWith(".."))continue;let i=r.startsWith("/")?"":e,o=r.split("/"),l=o.findIndex(c=>/[*?[]/.test(c));if(l===-1){ds((0,Z.join)(i,r))?dn(i,r,()=>!0,n):n.add(r);continue}let a=o.slice(0,l).join("/"),u=w(e,[r]),p=/(^|\/)\.git\/(.*\/)?hooks$/.test(a);dn(i,a,c=>u(c)&&!(p&&c.endsWith(".sample")),n)}return[...n].sort().slice(0,ut)}function dn(e,t,n,s){let r=[t];for(;r.length&&s.size<ut;){let i=r.pop(),o;try{o=(0,De.readdirSync)((0,Z.join)(e,i),{withFileTypes:!0})}catch{continue}for(let l of o){let a=i?`${i}/${l.name}`:l.name;if(l.isDirectory()?ps.has(l.name)||r.push(a):(l.isFile()||l.isSymbolicLink())&&n(e?Z.posix.join(e.split("\\").join("/"),a):a)&&s.add(a),s.size>=ut)return}}}function ds(e){try{return(0,De.statSync)(e).isDirectory()}catch{return!1}}var $e=["GEMINI_CLI_SYSTEM_SETTINGS_PATH","GEMINI_CLI_SYSTEM_DEFAULTS_PATH","GEMINI_CLI_HOME","GEMINI_CLI_TRUSTED_FOLDERS_PATH"];var pt=[".claude/settings.json",".claude/settings.local.json",".codex/hooks.json",".codex/config.toml",".gemini/settings.json",".cursor/hooks.json",".pi/settings.json",".pi/extensions/continuity.ts",".github/hooks/continuity.json",".github/copilot/settings.json",".github/copilot/settings.local.json",".opencode/plugins/continuity.js","opencode.json","opencode.jsonc"];var fn=[".gemini/.env",".env"];function Ce(e){if(!e.startsWith("/")&&!pt.includes(e)&&!fn.includes(e))return null;let t=e.slice(e.lastIndexOf("/")+1);return t===".env"?"env":e.endsWith(".pi/extensions/continuity.ts")?"pi-extension":t==="hooks.json"?"hooks-json":t.endsWith(".toml")?"codex-toml":t==="trustedFolders.json"||e.startsWith("/")&&/trust/i.test(t)&&t.endsWith(".json")?"gemini-trust":t.endsWith(".json")||t.endsWith(".jsonc")?"settings-json":t.endsWith(".js")?"plugin-file":null}function B(e){return Ce(e)!==null}var fs=[".continuity",".tdd-progress.md","progress.md"],ms=/^[ \t>*_-]*(\*\*|__)?approved(\*\*|__)?[ \t]*:/im,hs=new Set(["Read","Glob","Grep","LS","WebFetch","WebSearch","TodoWrite","TodoRead","AskUserQuestion","ExitPlanMode","EnterPlanMode","Agent","Task","BashOutput","KillShell","KillBash","ListMcpResourcesTool","ReadMcpResourceTool","Skill","SlashCommand"]);function mn(e){let t=[e.content,e.new_string,e.new_source];if(Array.isArray(e.edits))for(let n of e.edits)t.push(n?.new_string);return t.filter(n=>typeof n=="string").join(`
`)}function hn(e,t,n){let s=e.cwd??n;if(fe.has(e.tool_name)){let r=Y(e.tool_input,s);if(!r)return!1;if(!t)return!0;let i=[...t.protectGlobs,...W(n),...D()];return ot(r,n,w(n,i),w(pe(n),i))!==null?!0:!!(t.plan&&r===(0,I.join)(n,t.plan.path)||de(r,n))&&ms.test(mn(e.tool_input))}if(e.tool_name==="Bash"){let r=typeof e.tool_input.command=="string"?e.tool_input.command:"",i=[...t?.guardedNames??fs,...Ie([...W(n),...D()])];return t?.plan&&/approved/i.test(r)&&i.push((0,I.basename)(t.plan.path)),un(r,i)}return!1}function gn(e,t,n){if(hs.has(e.tool_name))return!1;if(!t)return(0,Q.existsSync)((0,I.join)(n,".continuity","ledger.db"));if(t.ledgerStamp!==void 0&&le((0,I.join)(n,".continuity"))!==t.ledgerStamp)return!0;for(let r of t.guarded)if(gs((0,I.isAbsolute)(r.path)?r.path:(0,I.join)(n,r.path))!==r.hash)return!0;if(et(n).length)return!0;let s=t.protectGlobs.filter(r=>/[*?[]/.test(r)&&!r.startsWith(".continuity/"));if(s.length){let r=new Set(t.guarded.map(i=>i.path));if(ct(n,s).some(i=>!r.has(i)))return!0}if(t.plan){let r=En((0,I.join)(n,t.plan.path));if(r!==null&&!yn(me(r),t.plan.approvedLine))return!0}return!1}function yn(e,t){return t===null?e.length===0:e.length===1&&e[0]===t}function gs(e){if((0,Q.statSync)(e,{throwIfNoEntry:!1})===void 0)return null;let t=En(e);return t===null?null:x(t)}function En(e){try{return(0,Q.readFileSync)(e,"utf8")}catch{return null}}var ys=/(?:^|[\s/;&|(`$=])pi\s+(install|remove|uninstall|update|config)(?=$|[\s;&|)])/i;function vn(e){return ys.test(J(e))}var Es=new Set(["plugins","gateway","openclaw","automations","cron","terminal","computer","nodes","exec"]);function bn(e){return e.tool_name==="Bash"?typeof e.tool_input?.command=="string"&&(/openclaw/i.test(J(e.tool_input.command))||vn(e.tool_input.command)):Es.has(e.tool_name)}var vs=/(?<![&>|<])&(?![&>])\s*['"`]\s*[),;]|\bstart_new_session\s*=\s*True\b|\bos\.(?:fork|forkpty|setsid|daemon)\b|\bsetsid\b|\bdetached\s*:\s*true\b|\.unref\s*\(\s*\)|\bProcess\.(?:detach|daemon)\b|\bfork\s*\(|\bnohup\b|\bdisown\b|\bcreationflags\s*=.*DETACHED_PROCESS|\bdaemon(?:ize)?\s*\(/;function wn(e){return ks.test(e)||bs.test(e)||vs.test(e)}var bs=/(?<![&>|<])&(?![&>])/,ks=/\b(?:nohup|setsid|disown|daemonize|daemon|at|batch|systemd-run|dtach|abduco|crontab|tmux|screen|start-stop-daemon|systemctl|loginctl|launchctl|coproc)\b/;var Pe=[{name:"guard-before",wants:hn},{name:"client-control",wants:bn},{name:"detach-guard",wants:e=>e.tool_name==="Bash"&&typeof e.tool_input.command=="string"&&wn(e.tool_input.command)}],_n=[{name:"guard-after",wants:gn},{name:"register-plan",wants:(e,t,n)=>fe.has(e.tool_name)&&de(Y(e.tool_input,e.cwd??n)??"",n)},{name:"approval-answer",wants:e=>e.tool_name==="AskUserQuestion"||e.tool_name==="ExitPlanMode"}];Pe.push(zt);_n.push(Kt,Yt);var In=require("node:path");var Me,ws={lang:void 0,message:void 0,abortEarly:void 0,abortPipeEarly:void 0};function Tn(e){return!e&&!Me?ws:{lang:e?.lang??Me?.lang,message:e?.message,abortEarly:e?.abortEarly??Me?.abortEarly,abortPipeEarly:e?.abortPipeEarly??Me?.abortPipeEarly}}var _s;function Ts(e){return _s?.get(e)}var Ss;function As(e){return Ss?.get(e)}var Rs;function Ns(e,t){return Rs?.get(e)?.get(t)}function ee(e){let t=typeof e;return t==="string"?`"${e}"`:t==="number"||t==="bigint"||t==="boolean"?`${e}`:t==="object"||t==="function"?(e&&Object.getPrototypeOf(e)?.constructor?.name)??"null":t}function T(e,t,n,s,r){let i=r&&"input"in r?r.input:n.value,o=r?.expected??e.expects??null,l=r?.received??ee(i),a={kind:e.kind,type:e.type,input:i,expected:o,received:l,message:`Invalid ${t}: ${o?`Expected ${o} but r`:"R"}eceived ${l}`,requirement:e.requirement,path:r?.path,issues:r?.issues,lang:s.lang,abortEarly:s.abortEarly,abortPipeEarly:s.abortPipeEarly},u=e.kind==="schema",p=r?.message??e.message??Ns(e.reference,a.lang)??(u?As(a.lang):null)??s.message??Ts(a.lang);p!==void 0&&(a.message=typeof p=="function"?p(a):p),u&&(n.typed=!1),n.issues?n.issues.push(a):n.issues=[a]}function xs(e,t){return Object.prototype.hasOwnProperty.call(e,t)&&t!=="__proto__"&&t!=="prototype"&&t!=="constructor"}function Is(e,t){let n=[...new Set(e)];return n.length>1?`(${n.join(` ${t} `)})`:n[0]??"never"}function U(e){return e["~standard"]={version:1,vendor:"valibot",validate:t=>e["~run"]({value:t},Tn())},e}var Os=class extends Error{constructor(e){super(e[0].message),this.name="ValiError",this.issues=e}};var Na=new RegExp("^(?:[\\u{1F1E6}-\\u{1F1FF}]{2}|\\u{1F3F4}[\\u{E0061}-\\u{E007A}]{2}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,3}\\u{E007F}|(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation})(?:\\u200D(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation}))*)+$","u");function he(e){return{kind:"validation",type:"integer",reference:he,async:!1,expects:null,requirement:Number.isInteger,message:e,"~run"(t,n){return t.typed&&!this.requirement(t.value)&&T(this,"integer",t,n),t}}}function dt(e,t){return{kind:"validation",type:"max_value",reference:dt,async:!1,expects:`<=${e instanceof Date?e.toJSON():ee(e)}`,requirement:e,message:t,"~run"(n,s){return n.typed&&!(n.value<=this.requirement)&&T(this,"value",n,s,{received:n.value instanceof Date?n.value.toJSON():ee(n.value)}),n}}}function $(e,t){return{kind:"validation",type:"min_length",reference:$,async:!1,expects:`>=${e}`,requirement:e,message:t,"~run"(n,s){return n.typed&&n.value.length<this.requirement&&T(this,"length",n,s,{received:`${n.value.length}`}),n}}}function ge(e,t){return{kind:"validation",type:"min_value",reference:ge,async:!1,expects:`>=${e instanceof Date?e.toJSON():ee(e)}`,requirement:e,message:t,"~run"(n,s){return n.typed&&!(n.value>=this.requirement)&&T(this,"value",n,s,{received:n.value instanceof Date?n.value.toJSON():ee(n.value)}),n}}}function Ls(e,t,n){return typeof e.fallback=="function"?e.fallback(t,n):e.fallback}function Sn(e,t,n){return typeof e.default=="function"?e.default(t,n):e.default}function te(e,t){return U({kind:"schema",type:"array",reference:te,expects:"Array",async:!1,item:e,message:t,"~run"(n,s){let r=n.value;if(Array.isArray(r)){n.typed=!0,n.value=[];for(let i=0;i<r.length;i++){let o=r[i],l=this.item["~run"]({value:o},s);if(l.issues){let a={type:"array",origin:"value",input:r,key:i,value:o};for(let u of l.issues)u.path?u.path.unshift(a):u.path=[a],n.issues?.push(u);if(n.issues||(n.issues=l.issues),s.abortEarly){n.typed=!1;break}}l.typed||(n.typed=!1),n.value.push(l.value)}}else T(this,"type",n,s);return n}})}function ye(e){return U({kind:"schema",type:"number",reference:ye,expects:"number",async:!1,message:e,"~run"(t,n){return typeof t.value=="number"&&!isNaN(t.value)?t.typed=!0:T(this,"type",t,n),t}})}function m(e,t){return U({kind:"schema",type:"optional",reference:m,expects:`(${e.expects} | undefined)`,async:!1,wrapped:e,default:t,"~run"(n,s){return n.value===void 0&&(this.default!==void 0&&(n.value=Sn(this,n,s)),n.value===void 0)?(n.typed=!0,n):this.wrapped["~run"](n,s)}})}function ft(e,t){return U({kind:"schema",type:"picklist",reference:ft,expects:Is(e.map(ee),"|"),async:!1,options:e,message:t,"~run"(n,s){return this.options.includes(n.value)?n.typed=!0:T(this,"type",n,s),n}})}function mt(e,t,n){return U({kind:"schema",type:"record",reference:mt,expects:"Object",async:!1,key:e,value:t,message:n,"~run"(s,r){let i=s.value;if(i&&typeof i=="object"){s.typed=!0,s.value={};for(let o in i)if(xs(i,o)){let l=i[o],a=this.key["~run"]({value:o},r);if(a.issues){let p={type:"object",origin:"key",input:i,key:o,value:l};for(let c of a.issues)c.path=[p],s.issues?.push(c);if(s.issues||(s.issues=a.issues),r.abortEarly){s.typed=!1;break}}let u=this.value["~run"]({value:l},r);if(u.issues){let p={type:"object",origin:"value",input:i,key:o,value:l};for(let c of u.issues)c.path?c.path.unshift(p):c.path=[p],s.issues?.push(c);if(s.issues||(s.issues=u.issues),r.abortEarly){s.typed=!1;break}}(!a.typed||!u.typed)&&(s.typed=!1),a.typed&&(s.value[a.value]=u.value)}}else T(this,"type",s,r);return s}})}function C(e,t){return U({kind:"schema",type:"strict_object",reference:C,expects:"Object",async:!1,entries:e,message:t,"~run"(n,s){let r=n.value;if(r&&typeof r=="object"){n.typed=!0,n.value={};for(let i in this.entries){let o=this.entries[i];if(i in r||(o.type==="exact_optional"||o.type==="optional"||o.type==="nullish")&&o.default!==void 0){let l=i in r?r[i]:Sn(o),a=o["~run"]({value:l},s);if(a.issues){let u={type:"object",origin:"value",input:r,key:i,value:l};for(let p of a.issues)p.path?p.path.unshift(u):p.path=[u],n.issues?.push(p);if(n.issues||(n.issues=a.issues),s.abortEarly){n.typed=!1;break}}a.typed||(n.typed=!1),n.value[i]=a.value}else if(o.fallback!==void 0)n.value[i]=Ls(o);else if(o.type!=="exact_optional"&&o.type!=="optional"&&o.type!=="nullish"&&(T(this,"key",n,s,{input:void 0,expected:`"${i}"`,path:[{type:"object",origin:"key",input:r,key:i,value:r[i]}]}),s.abortEarly))break}if(!n.issues||!s.abortEarly){for(let i in r)if(!Object.prototype.hasOwnProperty.call(this.entries,i)){T(this,"key",n,s,{input:i,expected:"never",path:[{type:"object",origin:"key",input:r,key:i,value:r[i]}]});break}}}else T(this,"type",n,s);return n}})}function A(e){return U({kind:"schema",type:"string",reference:A,expects:"string",async:!1,message:e,"~run"(t,n){return typeof t.value=="string"?t.typed=!0:T(this,"type",t,n),t}})}function An(e,t,n){let s=e["~run"]({value:t},Tn(n));if(s.issues)throw new Os(s.issues);return s.value}function R(...e){return U({...e[0],pipe:e,"~run"(t,n){for(let s of e)if(s.kind!=="metadata"){if(t.issues&&(s.kind==="schema"||s.kind==="transformation")){t.typed=!1;break}(!t.issues||!n.abortEarly&&!n.abortPipeEarly)&&(t=s["~run"](t,n))}return t}})}var Ee={ok:0,failure:1,invalidInput:2,io:3,config:4,ledger:5,refused:6,internal:70},Rn=Symbol.for("continuity.CliError"),H=class extends Error{constructor(n,s=Ee.invalidInput){super(n);this.exitCode=s;this.name="CliError"}exitCode;[Rn]=!0;static[Symbol.hasInstance](n){return typeof n=="object"&&n!==null&&n[Rn]===!0}};var ve=R(ye(),he(),ge(1)),Nn=R(ye(),he(),ge(0)),xn=C({$schema:m(A()),stopGate:m(C({maxConsecutiveBlocks:m(ve,3)}),{}),watchdog:m(C({slaSeconds:m(ve,900),forwardGraceSeconds:m(Nn,30),attemptTimeoutSeconds:m(ve,300),slaSecondsByAgentType:m(mt(A(),ve),{})}),{}),protect:m(te(R(A(),$(1))),[]),approval:m(C({phrases:m(te(R(A(),$(1))),["approve","approved","/approve"]),signingKey:m(R(A(),$(1)))}),{}),summaries:m(C({paths:m(te(R(A(),$(1))),[".superpowers/sdd/{plan}/task-{task}-summary.md","docs/plans/{plan}/task-{task}-summary.md"])}),{}),sandbox:m(C({mode:m(ft(["required","preferred","off"]),"required")}),{}),shared:m(C({host:R(A(),$(1)),port:m(R(ye(),he(),ge(1),dt(65535)),5432),database:R(A(),$(1)),pullWaitMs:m(Nn,300),idleSeconds:m(ve,30)})),highRiskStops:m(te(R(A(),$(1))),[])}),$s=An(xn,{});var Ps=(0,In.join)(E,z);var ne=['{"tool_name":"','"tool_input":{"','"tool_use_id":"toolu_01','"tool_use_id":"',',"tool_response":{"','{"$sha256":"','","bytes":',',"head":"','{"$same":"tool_input.','file_path":"','filePath":"','content":','structuredPatch":','originalFile":','old_string":"','new_string":"','command":"','description":"','stdout":"','stderr":"'],We=[1,2,3,4,5,6,7,8,11,12,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31];if(ne.length>We.length)throw new Error("more pack words than codes");var On=e=>`'${e.replace(/'/g,"''")}'`;function Ln(e){return`(${e} NOT GLOB '*[' || char(${We.slice(0,ne.length).join(", ")}) || ']*')`}var je=5;function Dn(e){let t=e;for(let n=0;n<ne.length;n+=je)t=`(SELECT ${ne.slice(n,n+je).reduce((r,i,o)=>`replace(${r}, ${On(i)}, char(${We[n+o]}))`,"v")} FROM (SELECT ${t} AS v))`;return t}function $n(e){let t=e;for(let n=0;n<ne.length;n+=je)t=`(SELECT ${ne.slice(n,n+je).reduce((r,i,o)=>`replace(${r}, char(${We[n+o]}), ${On(i)})`,"v")} FROM (SELECT ${t} AS v))`;return t}var Pn='{"action":"none","output":null}',Cn=1,Ms="'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'";function yt(e){return`CASE WHEN typeof(${e}) = 'integer' THEN strftime('%Y-%m-%dT%H:%M:%S', ${e} / 1000, 'unixepoch') || '.' || substr(1000 + ${e} % 1000, 2) || 'Z' ELSE ${e} END`}function js(e){return`(CAST(strftime('%s', ${e}) AS INTEGER) * 1000 + CAST(substr(${e}, 21, 3) AS INTEGER))`}function Ue(e){let t=js(e);return`CASE WHEN typeof(${e}) = 'text' AND ${e} GLOB ${Ms} AND ${t} >= 0 AND (${yt(t)}) = ${e} THEN ${t} ELSE ${e} END`}function He(e){return`CASE WHEN ${e} = '${Pn}' THEN 0 ELSE ${e} END`}function Mn(e){return`CASE WHEN typeof(${e}) = 'integer' THEN '${Pn}' ELSE ${e} END`}var g=e=>`(SELECT id FROM event_names WHERE name = ${e})`;function Ge(e){return`INSERT OR IGNORE INTO event_names (name) SELECT v FROM (SELECT ${e}source AS v UNION ALL SELECT ${e}kind UNION ALL SELECT ${e}session_id UNION ALL SELECT ${e}client) WHERE v IS NOT NULL;`}var jn=32,Ws=`
  SELECT p.id AS pre, CASE WHEN substr(NEW.input, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(NEW.input, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT '"tool_input":' || json_extract(NEW.input, '$.tool_input') AS v, json_extract(NEW.input, '$.tool_use_id') AS tid
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input)) t
    JOIN event_rows p ON t.tid IS NOT NULL AND t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${g("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${jn} AND r.pre IS NULL
         AND json_valid(r.input) AND json_extract(r.input, '$.tool_use_id') = t.tid
       ORDER BY r.id DESC LIMIT 1)`,gt="CASE WHEN e.pre IS NULL THEN e.input ELSE (SELECT substr(p.input, 1, e.pre_len) FROM event_rows p WHERE p.id = e.pre) || e.input END",Fs=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${yt("e.at")}, src.name, k.name, s.name, ${gt}, ${Mn("e.decision")},
           CASE WHEN e.spooled THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${Ge("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, spooled, client, pre, pre_len)
      SELECT NEW.id, ${Ue("NEW.at")}, ${g("NEW.source")}, ${g("NEW.kind")}, ${g("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(NEW.input, m.len + 1) ELSE NEW.input END,
             ${He("NEW.decision")}, CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, ${g("NEW.client")},
             CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT 1) LEFT JOIN (${Ws}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${Ge("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${Ue("NEW.at")}, source = ${g("NEW.source")}, kind = ${g("NEW.kind")},
      session = ${g("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${He("NEW.decision")},
      spooled = CASE WHEN NEW.spool_id IS NOT NULL THEN 1 END, client = ${g("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,Wn=`
  ALTER TABLE events RENAME TO events_old;
  CREATE TABLE event_names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  INSERT INTO event_names (id, name) VALUES (${Cn}, 'Stop');
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
  ${Fs}
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
  CREATE INDEX event_rows_stop_blocks ON event_rows (id) WHERE kind = ${Cn} AND json_extract(decision, '$.action') IN ('block', 'allow_after_limit');
  CREATE TRIGGER events_counted AFTER INSERT ON event_rows BEGIN UPDATE event_count SET n = n + 1; END;
  CREATE TRIGGER events_uncounted AFTER DELETE ON event_rows BEGIN UPDATE event_count SET n = n - 1; END;
`;var ht=1,qe=2,Et=Ln("NEW.input"),Fe=e=>`CASE WHEN ${Et} THEN ${Dn(e)} ELSE ${e} END`,Us=`
  SELECT p.id AS pre, CASE WHEN substr(t.n, 1, length(p.input) - 1) = substr(p.input, 1, length(p.input) - 1) THEN length(p.input) - 1
         WHEN instr(p.input, t.v) > 0
           AND substr(t.n, 1, instr(p.input, t.v) + length(t.v) - 1) = substr(p.input, 1, instr(p.input, t.v) + length(t.v) - 1)
         THEN instr(p.input, t.v) + length(t.v) - 1 END AS len
    FROM (SELECT ${Fe("NEW.input")} AS n, ${Fe(`'"tool_input":' || json_extract(NEW.input, '$.tool_input')`)} AS v,
                 ${Fe(`'"tool_use_id":' || json_quote(json_extract(NEW.input, '$.tool_use_id'))`)} AS tid,
                 CASE WHEN ${Et} THEN ${qe} ELSE 0 END AS packed
           WHERE NEW.session_id IS NOT NULL AND json_valid(NEW.input) AND json_extract(NEW.input, '$.tool_use_id') IS NOT NULL LIMIT 1) t
    JOIN event_rows p ON t.v IS NOT NULL AND p.id = (
      SELECT r.id FROM event_rows r
       WHERE r.session = ${g("NEW.session_id")} AND r.id > (SELECT max(id) FROM event_rows) - ${jn} AND r.pre IS NULL
         AND coalesce(r.flags, 0) & ${qe} = t.packed AND instr(r.input, t.tid) > 0
       ORDER BY r.id DESC LIMIT 1)`,Hs=`
  CREATE VIEW events (id, at, source, kind, session_id, input, decision, spool_id, client) AS
    SELECT e.id, ${yt("e.at")}, src.name, k.name, s.name,
           CASE WHEN e.flags & ${qe} THEN ${$n(gt)} ELSE ${gt} END, ${Mn("e.decision")},
           CASE WHEN e.flags & ${ht} THEN 'spool' END, c.name
      FROM event_rows e
      JOIN event_names src ON src.id = e.source
      JOIN event_names k ON k.id = e.kind
      LEFT JOIN event_names s ON s.id = e.session
      LEFT JOIN event_names c ON c.id = e.client;
  -- Written as the table was: an insert's names are interned, its time and decision encoded, its input packed and kept as the rest after its tool call's earlier event.
  CREATE TRIGGER events_insert INSTEAD OF INSERT ON events BEGIN
    ${Ge("NEW.")}
    INSERT INTO event_rows (id, at, source, kind, session, input, decision, flags, client, pre, pre_len)
      SELECT NEW.id, ${Ue("NEW.at")}, ${g("NEW.source")}, ${g("NEW.kind")}, ${g("NEW.session_id")},
             CASE WHEN m.len > 0 THEN substr(x.v, m.len + 1) ELSE x.v END,
             ${He("NEW.decision")},
             nullif(CASE WHEN NEW.spool_id IS NOT NULL THEN ${ht} ELSE 0 END | CASE WHEN ${Et} THEN ${qe} ELSE 0 END, 0),
             ${g("NEW.client")}, CASE WHEN m.len > 0 THEN m.pre END, CASE WHEN m.len > 0 THEN m.len END
        FROM (SELECT ${Fe("NEW.input")} AS v LIMIT 1) x LEFT JOIN (${Us}) m;
  END;
  CREATE TRIGGER events_update INSTEAD OF UPDATE ON events BEGIN
    ${Ge("NEW.")}
    UPDATE event_rows SET id = NEW.id, at = ${Ue("NEW.at")}, source = ${g("NEW.source")}, kind = ${g("NEW.kind")},
      session = ${g("NEW.session_id")}, input = NEW.input, pre = NULL, pre_len = NULL, decision = ${He("NEW.decision")},
      flags = CASE WHEN NEW.spool_id IS NOT NULL THEN ${ht} END, client = ${g("NEW.client")}
      WHERE id = OLD.id;
  END;
  CREATE TRIGGER events_delete INSTEAD OF DELETE ON events BEGIN
    DELETE FROM event_rows WHERE id = OLD.id;
  END;
`,Fn=`
  DROP VIEW events;
  ALTER TABLE event_rows RENAME COLUMN spooled TO flags;
  ${Hs}
`;var Be="session = OLD.session AND source = OLD.source AND client = coalesce(OLD.client, 0)",Un=`
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
    UPDATE session_tally SET n = n - 1 WHERE ${Be};
    DELETE FROM session_tally WHERE ${Be} AND n <= 0;
  END;
  -- An event moved to another session, source, client or time: out of the old tally, into the new (a tally's times only widen).
  CREATE TRIGGER session_tally_update_old AFTER UPDATE OF session, source, client, at ON event_rows WHEN OLD.session IS NOT NULL BEGIN
    UPDATE session_tally SET n = n - 1 WHERE ${Be};
    DELETE FROM session_tally WHERE ${Be} AND n <= 0;
  END;
  CREATE TRIGGER session_tally_update_new AFTER UPDATE OF session, source, client, at ON event_rows WHEN NEW.session IS NOT NULL BEGIN
    INSERT INTO session_tally (session, source, client, first_at, last_at, n) VALUES (NEW.session, NEW.source, coalesce(NEW.client, 0), NEW.at, NEW.at, 1)
      ON CONFLICT (session, source, client) DO UPDATE SET first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), n = n + 1;
  END;
`;var Hn=`
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
`;var Gn=[`
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
  `,Wn,Fn,Un,Hn],Gs=Gn.length;var qs=/^\[redacted:[a-z-]+:hmac=[0-9a-f]{16}\]$/;function qn(e){return qs.test(e)}function bt(e,t,n){return`[redacted:${e}:hmac=${pn(n,t).slice(0,16)}]`}function be(e){return e===""||/^(?:\$|%|\{|<|\[redacted:|process\.env|os\.environ|env\.)/.test(e)}var O="(?<![A-Za-z0-9_-])",y=(...e)=>t=>e.some(n=>t.includes(n)),Bs=y("key","token","secret","passw","passphrase","credential"),Bn="[A-Za-z0-9_-]*?(?:[_-]KEY|APIKEY|ACCESSKEY|SECRETKEY|PRIVATEKEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?)[A-Za-z0-9_-]*",Ka=new RegExp(`^${Bn}$`,"i"),Vs=/(?:[_-](?:file|path|dir|id|name|type|url|uri|env|length|len|size|count|ttl|expiry|expires|expires[_-]at|header|field|param|limit|stdin|prefix)|tokens|tokenizer|tokenize)$/i,Xs=/^(?:string|number|boolean|bool|any|unknown|object|null|nil|none|undefined|true|false|yes|no|str|int|bytes|optional|required)[;,]?$/i;var zs=[{kind:"private-key",hint:y("-----begin"),re:/(?<s>-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$))/g},{kind:"anthropic",hint:y("sk-ant-"),re:new RegExp(`${O}(?<s>sk-ant-[A-Za-z0-9_-]{20,})`,"g")},{kind:"openai",hint:y("sk-"),re:new RegExp(`${O}(?<s>sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})`,"g")},{kind:"stripe",hint:y("k_live_","k_test_"),re:new RegExp(`${O}(?<s>(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,})`,"g")},{kind:"github",hint:y("ghp_","gho_","ghu_","ghs_","ghr_","github_pat_"),re:new RegExp(`${O}(?<s>gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`,"g")},{kind:"gitlab",hint:y("glpat-"),re:new RegExp(`${O}(?<s>glpat-[A-Za-z0-9_-]{20,})`,"g")},{kind:"slack",hint:y("xox"),re:new RegExp(`${O}(?<s>xox[abprs]-[A-Za-z0-9-]{10,})`,"g")},{kind:"aws",hint:y("akia","asia"),re:/(?<![A-Za-z0-9])(?<s>(?:AKIA|ASIA)[A-Z0-9]{16})(?![A-Za-z0-9])/g},{kind:"google",hint:y("aiza"),re:new RegExp(`${O}(?<s>AIza[0-9A-Za-z_-]{35})`,"g")},{kind:"npm",hint:y("npm_"),re:new RegExp(`${O}(?<s>npm_[A-Za-z0-9]{36})`,"g")},{kind:"huggingface",hint:y("hf_"),re:new RegExp(`${O}(?<s>hf_[A-Za-z0-9]{30,})`,"g")},{kind:"jwt",hint:y("eyj"),re:new RegExp(`${O}(?<s>eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*)`,"g")},{kind:"authorization",hint:y("authorization"),re:/(?<pre>\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic|Token|Bot|Negotiate|Digest)\s+)?)(?<s>[^\s'"\\]+)/gi,keep:be},{kind:"bearer",hint:y("bearer"),re:/(?<pre>\bBearer\s+)(?<s>[A-Za-z0-9._~+/-]{16,}=*)/g,keep:e=>!/\d/.test(e)},{kind:"password",hint:y("-u","--user","--proxy-user"),re:/(?<pre>(?:^|[\s"'])(?:-u\s*|--(?:proxy-)?user(?:\s+|=))["']?[^\s:'"]*:)(?<s>[^\s'"]+)/g,keep:be},{kind:"flag",hint:e=>e.includes("--")&&y("pass","token","secret","api-key","apikey","access-key")(e),re:/(?<pre>(?:^|[\s"'])--(?:[A-Za-z0-9]+-)*(?:password|passwd|pass|token|secret|api-key|apikey|access-key|secret-key|client-secret|auth-token)(?:\s+|=)["']?)(?<s>[^\s'"]+)/gi,keep:e=>be(e)||e.startsWith("-")},{kind:"url-password",hint:e=>e.includes("://")&&e.includes("@"),re:/(?<pre>\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/@:'"[]*:)(?<s>[^\s/@'"]+)(?=@)/g,keep:be},{kind:"secret",hint:Bs,re:new RegExp(`(?<pre>(?<![A-Za-z0-9_-]|\\[redacted:)["']?(?<name>${Bn})["']?\\s*(?::(?!:)|=(?![=>]))\\s*)(?:"(?<dq>[^"\\n]*)"|'(?<sq>[^'\\n]*)'|(?<s>[^\\s'",;&|)}\\]]+))`,"gi"),keep:(e,t)=>Vs.test(t.name)||be(e)||Xs.test(e)||e.includes("(")}];function V(e,t){if(e.length<4||qn(e))return e;let n=Ys(e,t),s=e.toLowerCase();for(let r of zs)r.hint(s)&&(r.re.lastIndex=0,n=n.replace(r.re,(i,...o)=>{let l=o[o.length-1],a=l.dq!==void 0?'"':l.sq!==void 0?"'":"",u=l.s??l.dq??l.sq??"";return u===""||r.keep&&r.keep(u,l)?i:`${l.pre??""}${a}${bt(r.kind,u,t)}${a}`}));return n}function vt(e){let t=e.replace(/\\/g,"/"),n=t.slice(t.lastIndexOf("/")+1).toLowerCase();return n===".env"||n.endsWith(".env")?!0:n.startsWith(".env.")?!/^\.env\.(?:example|sample|template|dist|defaults)$/.test(n):/\.(?:pem|key|p12|pfx|jks|keystore|ppk)$/.test(n)||/^id_[a-z0-9_]+$/.test(n)||[".npmrc",".netrc","_netrc",".pypirc",".git-credentials",".pgpass"].includes(n)?!0:n==="credentials"&&t.toLowerCase().endsWith(".aws/credentials")}var Ks=/^(?:\*\*\* (?:Add|Update|Delete) File: (?<a>.+)|\*\*\* Move to: (?<m>.+)|diff --git a\/\S+ b\/(?<g>\S+)|\+\+\+ (?:b\/)?(?<u>\S+).*|--- (?:a\/)?(?<o>\S+).*|\*\*\* (?:Begin|End) Patch)$/;function Ys(e,t){if(!/^(?:\*\*\* |diff --git |\+\+\+ )/m.test(e))return e;let n=e.split(`
`),s=[],r=!1,i=[],o=()=>{i.length&&s.push(bt("secret-file",i.join(`
`),t)),i=[]};for(let l of n){let a=Ks.exec(l);if(a){o();let u=a.groups,p=u.a??u.m??u.g??u.u??u.o;u.u!==void 0?r=r||vt(p):r=p!==void 0&&vt(p),s.push(l)}else r?i.push(l):s.push(l)}return o(),s.join(`
`)}function Qs(e=""){let t=e?`${e}.`:"";return`coalesce(${t}client, CASE WHEN ${t}source LIKE 'hook:%' THEN substr(${t}source, 6) END, 'unknown')`}var ei=Qs();function P(e,t){e.run("INSERT INTO violations (at, session_id, kind, summary, event_id) VALUES (?, ?, ?, ?, ?)",t.at,t.sessionId,t.kind,V(t.summary,L(e)),t.eventId)}var $l=1024*1024;var Cl=16*1024*1024;var ql=typeof process<"u"?process.env.CONTINUITY_STAGES:void 0,ti=Symbol.for("continuity.stage-marks"),Bl=globalThis[ti]??=[];var re=require("node:path");function Ve(e){let t=(0,re.basename)(e.path);return(0,re.join)(".superpowers","sdd",t.slice(0,t.length-(0,re.extname)(t).length),"progress.md").split("\\").join("/")}var X=require("node:fs"),se=require("node:path");var si=8;function ii(e){let t=`${e}/.git`,n=(0,X.lstatSync)(t,{throwIfNoEntry:!1}),s=n?n.isDirectory()?"dir":"file":"absent",r={dotGit:s},i=t;if(s==="file"){let c=/^gitdir:\s*(.+?)\s*$/m.exec(ke(t)??"");if(!c)return r;i=kt(e,c[1]),r.gitdir=i}if(s==="absent")return r;let o=ke(`${i}/commondir`)?.trim(),l=o?kt(i,o):i;o&&(r.commondir=l);let a=Gt(ke(`${l}/config`),ke(`${l}/config.worktree`),i===l?null:ke(`${i}/config.worktree`));a&&(r.hooksPath=a.startsWith("~/")?`${process.env.HOME??""}/${a.slice(2)}`:kt(e,a));let u=wt(`${l}/modules`,0);u.length&&(r.modules=u);let p=Xn(`${l}/worktrees`).map(c=>`${l}/worktrees/${c}`);return p.length&&(r.worktrees=p),r}function Xe(e,t=process.env){let{files:n,dirs:s}=Ht(e,ii(e)),r=i=>i.startsWith(`${e}/`)?i.slice(e.length+1):i;return[...new Set([...n.map(r),...s.map(i=>`${r(i)}/**`),...D(t)])]}function wt(e,t){if(t>si)return[];let n=[];for(let s of Xn(e)){let r=`${e}/${s}`;(0,X.lstatSync)(`${r}/HEAD`,{throwIfNoEntry:!1})?(n.push(r),n.push(...wt(`${r}/modules`,t+1))):n.push(...wt(r,t+1))}return n}function Xn(e){try{return(0,X.readdirSync)(e,{withFileTypes:!0}).filter(t=>t.isDirectory()).map(t=>t.name).sort()}catch{return[]}}function kt(e,t){return se.posix.normalize((0,se.isAbsolute)(t)?t:(0,se.resolve)(e,t))}function ke(e){try{return(0,X.readFileSync)(e,"utf8")}catch{return null}}var _t=".continuity-signers";var v=require("node:path");var zn="ssh-keygen -Y sign -n continuity\u2026";var ui="git runs what it holds (a hook, or a command its config names) at the person's next git command, outside the agent's hooks; a person changes it at their own terminal (`git remote add`, `git branch -u`), and `continuity config accept` records a change made while the agent works",ci="it lists who may sign the approvals of this repository's plans: a key added there would sign for the person; it changes through the team's review (a commit pulled), or the person's own edit at their terminal",pi="it runs later as the person, outside the agent's hooks: git reads it at the person's next git command in any repository, a shell when it starts; a person changes it at their own terminal, where nothing is to be accepted";async function St(e,t,n){let{root:s,cwd:r,plan:i}=t,o=w(s,t.patterns),l=i?(0,v.isAbsolute)(i.path)?i.path:(0,v.join)(s,i.path):null,a=/approved/i.test(e)&&l!==null,u=[...Ie(t.patterns),...a?[(0,v.basename)(l)]:[]],p=_=>o(_)||a&&_===l,c;try{let{analyzeCommand:_}=await Promise.resolve().then(()=>_r(require("./analyze.cjs"),1));c=await _(e,{cwd:r,projectRoot:s,isProtected:p,protectedNames:u})}catch(_){return we(n,u[0]??".continuity",`the command could not be analysed (${_.message.split(`
`)[0]}) and names a guarded path`,"Bash")}if(c.verdict==="allow")return Yn(c.reason);let d=c.writes.find(_=>_.via.includes(zn));if(d)return di(n,d.via);let f=c.writes[0];if(a&&f&&f.path===l)return we(n,ze(s,f.path),"only continuity writes the Approved line of a plan, when a person approves it",`Bash (${f.via})`);if(f&&!p(f.path)&&!f.path.includes("${")){let _=N=>(0,v.isAbsolute)(N)?N:(0,v.join)(s,N),hr=N=>_(N).startsWith(`${f.path.replace(/\/+$/,"")}/`),xt=u.find(N=>hr(N)&&o(_(N)))??u.find(N=>o(_(N)))??u[0]??E,gr=ze(s,f.path)||"the project folder";return we(n,gr,`it holds ${xt}, which is guarded: ${Tt(xt,i,s)}`,`Bash (${f.via})`)}let Nt=f?ze(s,f.path)||".":u[0]??"";return we(n,Nt,Tt(Nt,i,s),f?`Bash (${f.via})`:"Bash")}function Tt(e,t,n){return e===E||e.startsWith(`${E}/`)?"continuity's ledger and config are written only by continuity":w(n,W(n))((0,v.isAbsolute)(e)?e:(0,v.join)(n,e))?"it is part of what runs the agent's hooks (continuity's program, or the client's config that loads it): changed or removed, no hook would decide anything after it":e===_t?ci:B(e)?"it wires the agent's hooks and sandbox: a person edits it, outside the agent, and `continuity config accept` records the edit":/(^|\/)\.pi\/(agent\/)?extensions\//.test(e)?"pi runs every file in its extensions folder in its own process, as the person: a person adds one, outside the agent":t&&t.state!=="approved"&&t.state!=="complete"&&(e===t.path||e===Ve(t))?`it is the progress tracker of plan ${t.id}, which is ${t.state==="stale"?"stale (changed after approval)":"not approved"}; its execution has not been authorised`:(0,v.isAbsolute)(e)&&w(n,D())(e)?pi:w(n,Xe(n))((0,v.isAbsolute)(e)?e:(0,v.join)(n,e))?ui:"it is listed in the config's protect list"}var Kn="approval_signing_refused",At="guarded_write_denied";function we(e,t,n,s){return{output:{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:`continuity: ${t} is guarded: ${n}. The write (${s}) was not made.`}},decision:{action:"deny",path:t,via:s,why:n},persist:(i,o)=>P(i,{at:e.now,sessionId:e.payload.session_id,kind:At,summary:Rt(t,n,s),eventId:o})}}function di(e,t){let n="a signature in continuity's namespace is a person's approval or revocation, made by `continuity approve` or `continuity revoke` at their own terminal";return{output:{hookSpecificOutput:{hookEventName:"PreToolUse",permissionDecision:"deny",permissionDecisionReason:`continuity: ${t} is refused: ${n}. The command was not run.`}},decision:{action:"deny",path:"ssh-keygen -Y sign",via:t,why:n,violation:{kind:Kn,summary:`${t} refused: ${n}`}},persist:(r,i)=>P(r,{at:e.now,sessionId:e.payload.session_id,kind:Kn,summary:`${t} refused: ${n}`,eventId:i})}}function Rt(e,t,n){return`${n} to ${e} denied: ${t}`}function Yn(e){return{output:null,decision:{action:"allow",why:e}}}function ze(e,t){let n=(0,v.relative)(e,t);return n.startsWith("..")?t:n}var Jn;(function(e){e[e.lineFeed=10]="lineFeed",e[e.carriageReturn=13]="carriageReturn",e[e.space=32]="space",e[e._0=48]="_0",e[e._1=49]="_1",e[e._2=50]="_2",e[e._3=51]="_3",e[e._4=52]="_4",e[e._5=53]="_5",e[e._6=54]="_6",e[e._7=55]="_7",e[e._8=56]="_8",e[e._9=57]="_9",e[e.a=97]="a",e[e.b=98]="b",e[e.c=99]="c",e[e.d=100]="d",e[e.e=101]="e",e[e.f=102]="f",e[e.g=103]="g",e[e.h=104]="h",e[e.i=105]="i",e[e.j=106]="j",e[e.k=107]="k",e[e.l=108]="l",e[e.m=109]="m",e[e.n=110]="n",e[e.o=111]="o",e[e.p=112]="p",e[e.q=113]="q",e[e.r=114]="r",e[e.s=115]="s",e[e.t=116]="t",e[e.u=117]="u",e[e.v=118]="v",e[e.w=119]="w",e[e.x=120]="x",e[e.y=121]="y",e[e.z=122]="z",e[e.A=65]="A",e[e.B=66]="B",e[e.C=67]="C",e[e.D=68]="D",e[e.E=69]="E",e[e.F=70]="F",e[e.G=71]="G",e[e.H=72]="H",e[e.I=73]="I",e[e.J=74]="J",e[e.K=75]="K",e[e.L=76]="L",e[e.M=77]="M",e[e.N=78]="N",e[e.O=79]="O",e[e.P=80]="P",e[e.Q=81]="Q",e[e.R=82]="R",e[e.S=83]="S",e[e.T=84]="T",e[e.U=85]="U",e[e.V=86]="V",e[e.W=87]="W",e[e.X=88]="X",e[e.Y=89]="Y",e[e.Z=90]="Z",e[e.asterisk=42]="asterisk",e[e.backslash=92]="backslash",e[e.closeBrace=125]="closeBrace",e[e.closeBracket=93]="closeBracket",e[e.colon=58]="colon",e[e.comma=44]="comma",e[e.dot=46]="dot",e[e.doubleQuote=34]="doubleQuote",e[e.minus=45]="minus",e[e.openBrace=123]="openBrace",e[e.openBracket=91]="openBracket",e[e.plus=43]="plus",e[e.slash=47]="slash",e[e.formFeed=12]="formFeed",e[e.tab=9]="tab"})(Jn||(Jn={}));var mi=new Array(20).fill(0).map((e,t)=>" ".repeat(t)),ie=200,hi={" ":{"\n":new Array(ie).fill(0).map((e,t)=>`
`+" ".repeat(t)),"\r":new Array(ie).fill(0).map((e,t)=>"\r"+" ".repeat(t)),"\r\n":new Array(ie).fill(0).map((e,t)=>`\r
`+" ".repeat(t))},"	":{"\n":new Array(ie).fill(0).map((e,t)=>`
`+"	".repeat(t)),"\r":new Array(ie).fill(0).map((e,t)=>"\r"+"	".repeat(t)),"\r\n":new Array(ie).fill(0).map((e,t)=>`\r
`+"	".repeat(t))}};var Qn;(function(e){e.DEFAULT={allowTrailingComma:!1}})(Qn||(Qn={}));var er;(function(e){e[e.None=0]="None",e[e.UnexpectedEndOfComment=1]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=2]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=3]="UnexpectedEndOfNumber",e[e.InvalidUnicode=4]="InvalidUnicode",e[e.InvalidEscapeCharacter=5]="InvalidEscapeCharacter",e[e.InvalidCharacter=6]="InvalidCharacter"})(er||(er={}));var tr;(function(e){e[e.OpenBraceToken=1]="OpenBraceToken",e[e.CloseBraceToken=2]="CloseBraceToken",e[e.OpenBracketToken=3]="OpenBracketToken",e[e.CloseBracketToken=4]="CloseBracketToken",e[e.CommaToken=5]="CommaToken",e[e.ColonToken=6]="ColonToken",e[e.NullKeyword=7]="NullKeyword",e[e.TrueKeyword=8]="TrueKeyword",e[e.FalseKeyword=9]="FalseKeyword",e[e.StringLiteral=10]="StringLiteral",e[e.NumericLiteral=11]="NumericLiteral",e[e.LineCommentTrivia=12]="LineCommentTrivia",e[e.BlockCommentTrivia=13]="BlockCommentTrivia",e[e.LineBreakTrivia=14]="LineBreakTrivia",e[e.Trivia=15]="Trivia",e[e.Unknown=16]="Unknown",e[e.EOF=17]="EOF"})(tr||(tr={}));var nr;(function(e){e[e.InvalidSymbol=1]="InvalidSymbol",e[e.InvalidNumberFormat=2]="InvalidNumberFormat",e[e.PropertyNameExpected=3]="PropertyNameExpected",e[e.ValueExpected=4]="ValueExpected",e[e.ColonExpected=5]="ColonExpected",e[e.CommaExpected=6]="CommaExpected",e[e.CloseBraceExpected=7]="CloseBraceExpected",e[e.CloseBracketExpected=8]="CloseBracketExpected",e[e.EndOfFileExpected=9]="EndOfFileExpected",e[e.InvalidCommentToken=10]="InvalidCommentToken",e[e.UnexpectedEndOfComment=11]="UnexpectedEndOfComment",e[e.UnexpectedEndOfString=12]="UnexpectedEndOfString",e[e.UnexpectedEndOfNumber=13]="UnexpectedEndOfNumber",e[e.InvalidUnicode=14]="InvalidUnicode",e[e.InvalidEscapeCharacter=15]="InvalidEscapeCharacter",e[e.InvalidCharacter=16]="InvalidCharacter"})(nr||(nr={}));var Yp=!!"".isWellFormed;var M=require("node:path"),md=(0,M.join)("dist","bin","continuity"),hd=(0,M.join)("dist","cli.cjs"),gd=(0,M.join)("dist","launcher","continuity"),yd=(0,M.join)("dist","bin","built-on-first-use");var qd=new Set(["CLAUDE_CONFIG_DIR","CODEX_HOME",...$e]);var am=11*6e4;var bm=256*1024,km=8*1024*1024;var Sm=8*1024*1024;var Nm=512*1024;var Wi={runId:"run_id",sessionId:"session_id",source:"source",toolUseId:"tool_use_id",childSessionKey:"child_session_key",agentType:"agent_type",description:"description",brief:"brief",background:"background",launched:"launched",dispatchAt:"dispatch_at",expectedBy:"expected_by",startedAt:"started_at",childDone:"child_done",childDoneAt:"child_done_at",capturedResult:"captured_result",childTranscriptPath:"child_transcript_path",completionReceivedAt:"completion_received_at",forwardedToMain:"forwarded_to_main",resultSource:"result_source",respawnOf:"respawn_of",notified:"notified",closedAs:"closed_as",attention:"attention",updatedAt:"updated_at"};var Ah=`SELECT id, ${Object.values(Wi).join(", ")} FROM runs`;var dg=8*1024*1024;function dr(e,t){let n=t.map(c=>c.result.output).filter(c=>c!==null),s=n.map(c=>c.hookSpecificOutput??{}),r=s.filter(c=>c.permissionDecision==="deny"),i=n.filter(c=>c.decision==="block"),o=Je(s.map(c=>c.additionalContext)),l=Je(n.map(c=>c.systemMessage)),a={};r.length&&(a.permissionDecision="deny",a.permissionDecisionReason=Je(r.map(c=>c.permissionDecisionReason))),o&&(a.additionalContext=o);let u={};i.length&&(u.decision="block",u.reason=Je(i.map(c=>c.reason))),Object.keys(a).length&&(u.hookSpecificOutput={hookEventName:e,...a}),l&&(u.systemMessage=l);let p=t.map(c=>c.result.persist).filter(c=>!!c);return{output:Object.keys(u).length?u:null,decision:{action:r.length?"deny":i.length?"block":o||l?"context":"none",rules:Object.fromEntries(t.map(c=>[c.name,c.result.decision]))},...p.length?{persist:(c,d)=>p.forEach(f=>f(c,d))}:{}}}function Je(e){return e.filter(t=>typeof t=="string"&&t.length>0).join(`

`)}async function Bi(e,t,n,s){if(e.tool_name!=="Bash"||!t||t.plan&&!t.approval||!Vi(t,n)||Pe.some(u=>u.name!=="guard-before"&&u.wants(e,t,n)))return null;let r=t.plan&&t.approval?{id:t.approval.planId,state:t.approval.state,path:t.plan.path}:null,i=typeof e.tool_input.command=="string"?e.tool_input.command:"",o=await St(i,{root:n,cwd:e.cwd??n,patterns:[...t.protectGlobs,...W(n),...D()],plan:r},{now:s,payload:e}),l=o.decision,a=l.action==="deny"?[l.violation??{kind:At,summary:Rt(l.path,l.why,l.via)}]:[];return{result:dr("PreToolUse",[{name:"guard-before",result:o}]),violations:a}}function Vi(e,t){let n=(0,Ze.join)(t,E);if(e.ledgerStamp===void 0||le(n)!==e.ledgerStamp)return!1;let s=fr((0,Ze.join)(n,Mt)),r=fr((0,Ze.join)(n,z));return s!==null&&(r===null||r<s)}function fr(e){try{return(0,mr.statSync)(e).mtimeMs}catch{return null}}0&&(module.exports={guardFromHotState});
