// The small parts of MCP support: --mcp command lines split like a shell would (never run by one), --tools choice
// for `mcp serve`, and the scripted model's "use <tool> with {json}" directive (docs/mcp.md).
import { describe, expect, it } from 'vitest'
import { explicitToolUses, planToolCalls } from '../../src/emulator/completions/model/tools.js'
import { splitCommandLine } from '../../src/io/command-line.js'
import { chooseTools } from '../../src/mcp/server.js'

const tool = (name: string, properties: Record<string, unknown> = {}) => ({
  type: 'function' as const,
  function: { name, parameters: { type: 'object', properties } },
})

describe('splitCommandLine', () => {
  it('splits on blanks and keeps quoted words whole, with no expansion', () => {
    expect(splitCommandLine(`npx -y  "@scope/srv" --dir 'my dir' a\\ b "q\\"x" $HOME`, 'l')).toEqual([
      'npx',
      '-y',
      '@scope/srv',
      '--dir',
      'my dir',
      'a b',
      'q"x',
      '$HOME',
    ])
    expect(splitCommandLine(`node ''`, 'l')).toEqual(['node', ''])
  })
  it('refuses an unclosed quote and an empty line', () => {
    expect(() => splitCommandLine(`node "x`, '--mcp x')).toThrow('--mcp x: unclosed " quote')
    expect(() => splitCommandLine('   ', '--mcp')).toThrow('no command')
  })
})

describe('chooseTools', () => {
  it('--read-only keeps the reading tools; --tools picks by name in the server order', () => {
    expect(chooseTools({ readOnly: true }).every((t) => t.readOnly)).toBe(true)
    expect(chooseTools({ only: ['cms_get', 'list_agents'], readOnly: false }).map((t) => t.name)).toEqual([
      'list_agents',
      'cms_get',
    ])
  })
  it('unknown names and writing tools under --read-only are usage errors', () => {
    expect(() => chooseTools({ only: ['nope'], readOnly: false })).toThrow('--tools: unknown tool nope')
    expect(() => chooseTools({ only: ['ask_agent'], readOnly: true })).toThrow('--read-only leaves out')
  })
})

describe('scripted model: "use <tool> with {json}"', () => {
  const tools = [tool('echo', { message: { type: 'string' } }), tool('get-sum'), tool('get_weather')]
  it('calls exactly the tools named that way, with the JSON verbatim', () => {
    const text = 'please use get-sum with {"a":1,"b":{"c":"}"}} then use echo with {"message":"weather"}'
    expect(explicitToolUses(text, tools)).toEqual([
      { name: 'get-sum', args: '{"a":1,"b":{"c":"}"}}' },
      { name: 'echo', args: '{"message":"weather"}' },
    ])
    // get_weather's noun ("weather") is in the text, but the directive decides
    expect(planToolCalls(text, tools, 's').map((c) => c.name)).toEqual(['get-sum', 'echo'])
  })
  it('ignores tools not offered and JSON that does not parse', () => {
    expect(explicitToolUses('use nope with {"a":1}', tools)).toEqual([])
    expect(explicitToolUses('use echo with {not json}', tools)).toEqual([])
  })
})
