/** One import of a source: `from` and `to` are paths from the project's root (`src/io/lines.ts`). */
export interface Edge {
  from: string
  to: string
  kind: 'static' | 'type' | 'dynamic'
}
export const rooms: string[][]
export function roomOf(file: string): { room: string; rank: number }
export function importsOf(sources: Map<string, string>): Edge[]
export function upward(edges: Edge[]): Edge[]
export function circles(edges: Edge[]): string[][]
export function sourcesOf(root: string): Map<string, string>
