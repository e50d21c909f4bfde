// The public library as a user gets it (issue 7 item 2): `npm pack` (test/helpers/packed.ts, shared with
// install-global), the tarball unpacked into a separate temporary package as npm would (its dependencies resolved from
// this repo's node_modules: no network), a TypeScript program that imports 'agentry' type-checked by tsc (with
// deliberate type errors that must be reported) and run against a real emulator. Every TypeScript example of the
// README (issue 42 item 4: the stateful-chat example once took `messages` where a stateful chat takes one `message`,
// and a script copied from it did not compile) is a module of the same package, checked by the same tsc run against
// the library's types as they ship, with the project's strictness (tsconfig.json): one compiler run, not one more
// over src/ of its own.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { execa } from 'execa'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../helpers/cli.js'
import { emulatorFixture } from '../helpers/emulator.js'
import { packedTarball } from '../helpers/packed.js'
import { tempDir } from '../helpers/temp-dir.js'

const fx = emulatorFixture({ built: true })

/** Packs the repo and unpacks the tarball into `<app>/node_modules/agentry`, dependencies linked from the repo. */
async function installPacked(app: string): Promise<void> {
  const { tarball } = await packedTarball()
  const target = join(app, 'node_modules', 'agentry')
  mkdirSync(target, { recursive: true })
  await execa('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'])
  const pkg = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  for (const dep of [...Object.keys(pkg.dependencies), '@types/node']) {
    const link = join(app, 'node_modules', dep)
    mkdirSync(join(link, '..'), { recursive: true })
    symlinkSync(join(repoRoot, 'node_modules', dep), link, 'dir')
  }
}

const program = `import { type Agent, createClient, NotFoundError, toUiMessages, UsageError } from 'agentry'

const client = createClient({
  baseUrl: process.env.AGENTRY_BASE_URL!,
  apiKey: process.env.AGENTRY_API_KEY!,
  account: process.env.AGENTRY_ACCOUNT!,
})
const out: Record<string, unknown> = {}
const agents: Agent[] = []
for await (const a of client.agents.list({ limit: 2 })) agents.push(a)
out.agents = agents.map((a) => a.id)
const first = await client.agents.list({ limit: 2 }).pages(1).next()
out.firstPageSize = first.value?.data.length
try {
  await client.agents.get('no-such-agent')
} catch (e) {
  if (e instanceof NotFoundError) out.notFound = e.status
}
try {
  await client.agents.get('..')
} catch (e) {
  if (e instanceof UsageError) out.dotDot = e.name
}
const posts: unknown[] = []
for await (const row of client.cms.from('posts').where('status', 'eq', 'published').orderBy('createdAt').pageSize(3).page(1).select('title').rows().pages(2))
  posts.push(...row.data)
out.posts = posts.length
let text = ''
const stream = client.chat.stream('demo-assistant', { messages: [{ role: 'user', content: 'hello' }] })
for await (const e of stream) if (e.type === 'text') text += e.text
out.streamed = text.length > 0
out.requestId = typeof stream.requestId
const chat = client.chats.create('demo-assistant')
const answer = await client.chat.complete('demo-assistant', { chatId: chat.id, message: { role: 'user', content: 'hi' } })
out.completed = answer.content.length > 0
out.ui = toUiMessages(await client.chats.messages('demo-assistant', chat.id)).map((m) => m.role)
await client.close()
process.stdout.write(JSON.stringify(out))
`

// Each line must be a type error; if the library's types were \`any\`, tsc would report the directive as unused.
const misuse = `import { createClient, type NotFoundError } from 'agentry'
const client = createClient({ baseUrl: 'http://127.0.0.1:1/api/v1beta', apiKey: 'k', account: 'a' })
// @ts-expect-error an agent id is a string
void client.agents.get(42)
const agent = await client.agents.get('a')
// @ts-expect-error id is a string, not a number
const n: number = agent.id
// @ts-expect-error webhooks need a name and a scenarioId
void client.webhooks.create({ status: 'active' })
// @ts-expect-error there is no such resource
void client.nothing
void n
const notFound = await client.agents.get('b').catch((e: unknown) => e as NotFoundError)
// @ts-expect-error the library's errors carry no exit code (the CLI maps them to one)
void notFound.exitCode
`

/** The ```ts blocks of a Markdown text. */
function typeScriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '')
}

/** The README's examples, as the modules example-<n>.mts of the app. */
const readmeBlocks = typeScriptBlocks(readFileSync(join(repoRoot, 'README.md'), 'utf8'))
const isExample = (diagnostic: string) => diagnostic.startsWith('example-')

/** The app: the packed tarball installed, its modules written, and tsc's diagnostics of them all (one run). */
let made: Promise<{ app: string; diagnostics: string[]; exitCode: number | undefined }> | undefined
const checkedApp = () => {
  made ??= (async () => {
    const app = tempDir('agentry-app-')
    await installPacked(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2023',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          types: ['node'],
          // every declaration file checked, ours and our dependencies', but TypeScript's own lib files (DOM's
          // included), which are the compiler's: 0.6 s of CPU less
          skipLibCheck: false,
          skipDefaultLibCheck: true,
          allowImportingTsExtensions: true,
          // the project's own strictness (tsconfig.json), which the README's examples are held to
          lib: ['es2023', 'es2024.sharedmemory'],
          noUncheckedIndexedAccess: true,
          noImplicitOverride: true,
          noFallthroughCasesInSwitch: true,
          verbatimModuleSyntax: true,
          isolatedModules: true,
        },
        include: ['*.ts', '*.mts'],
      }),
    )
    writeFileSync(join(app, 'main.ts'), program)
    writeFileSync(join(app, 'misuse.ts'), misuse)
    readmeBlocks.forEach((code, i) => {
      writeFileSync(join(app, `example-${i + 1}.mts`), `${code}\nexport {}\n`)
    })
    // single-threaded: the same diagnostics for ~0.8 s of CPU less on two cores (tsc's checker threads each resolve
    // the types they share again)
    const tsc = await execa(
      join(repoRoot, 'node_modules/.bin/tsc'),
      ['-p', app, '--singleThreaded', '--pretty', 'false'],
      {
        cwd: app,
        reject: false,
      },
    )
    // one entry a diagnostic (its continuation lines with it), each starting with its file's path
    const diagnostics = `${tsc.stdout}${tsc.stderr}`.split(/\n(?=\S)/).filter((d) => d.trim() !== '')
    return { app, diagnostics, exitCode: tsc.exitCode }
  })()
  return made
}

describe('the packed library', () => {
  it('installs from its tarball, type-checks with tsc and works against the emulator', async () => {
    const { app, diagnostics, exitCode } = await checkedApp()
    expect(diagnostics.filter((d) => !isExample(d))).toEqual([])
    // (a README example's error, which fails the test below, makes the exit code 2)
    if (diagnostics.length === 0) expect(exitCode).toBe(0)

    const run = await execa(process.execPath, ['main.ts'], { cwd: app, env: fx.env(), reject: false })
    expect(run.stderr).toBe('')
    const out = JSON.parse(run.stdout)
    const env = fx.env()
    const listed = await fetch(`${env.AGENTRY_BASE_URL}/${env.AGENTRY_ACCOUNT}/agents?limit=100`, {
      headers: { authorization: `Bearer ${env.AGENTRY_API_KEY}` },
    })
    const all = ((await listed.json()) as { data: { id: string }[] }).data.map((a) => a.id)
    expect(all.length).toBeGreaterThan(2)
    expect(out).toEqual({
      agents: all,
      firstPageSize: 2,
      notFound: 404,
      dotDot: 'UsageError',
      posts: 6,
      streamed: true,
      requestId: 'string',
      completed: true,
      ui: ['user', 'assistant'],
    })
  }, 120_000)

  it('every TypeScript example of the README compiles against its types', async () => {
    expect(readmeBlocks.length).toBeGreaterThanOrEqual(2)
    const { diagnostics, exitCode } = await checkedApp()
    expect(diagnostics.filter(isExample)).toEqual([])
    if (diagnostics.length === 0) expect(exitCode).toBe(0)
  }, 120_000)
})
