import { createRequire as __continuityCreateRequire } from 'node:module';
const require = __continuityCreateRequire(import.meta.url);
var r=["superpowers","tdd-progress","checkbox","json"],e=class extends Error{name="PlanFormatError"};export{r as a,e as b};
