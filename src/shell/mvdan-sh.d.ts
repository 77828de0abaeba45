// Ambient types for mvdan-sh, the GopherJS build of mvdan.cc/sh/v3/syntax
// (the parser behind shfmt). It ships no types. Its nodes are Go structs seen
// from JavaScript: fields keep their Go names, nil pointers and interfaces are
// null, slices are arrays, and token kinds (redirect and binary operators) are
// plain numbers, which parser.ts maps to their spelling at load time.
declare module 'mvdan-sh' {
  /** Any syntax node; `syntax.NodeType(node)` names its Go type (`CallExpr`, `Lit`, …). */
  export type ShNode = any;

  export interface ShParser {
    /** Throws on a syntax error. */
    Parse(src: string, name: string): ShNode;
  }

  export interface ShSyntax {
    NewParser(...options: unknown[]): ShParser;
    NodeType(node: ShNode): string;
    Walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
    /** Splits brace expressions (`{a,b}`, `{1..3}`) of a word into BraceExp parts. */
    SplitBraces(word: ShNode): ShNode;
    Variant(lang: unknown): unknown;
    LangBash: unknown;
  }

  const sh: { syntax: ShSyntax };
  export default sh;
}
