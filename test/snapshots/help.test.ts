// Inline snapshots of `--help` (issue 7 item 8): every command's help text is pinned here, one test a group, so a
// changed flag, description or example shows up as a diff. Adding a flag changes these on purpose: update them all
// with one run, `npm run test:files -- test/snapshots/help.test.ts -u`, and read the diff before committing.
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { buildProgram } from '../../src/cli.js'
import { testContext } from '../helpers/test-context.js'

/** The help of a group and of every command under it, each headed by its command line. */
async function helpOfGroup(name: string): Promise<string> {
  const paths: string[][] = [[name]]
  const walk = (cmd: Command, prefix: string[]) => {
    for (const c of cmd.commands) {
      if (c.name() === 'help' || c.name().startsWith('__')) continue
      paths.push([...prefix, c.name()])
      walk(c, [...prefix, c.name()])
    }
  }
  const program = await buildProgram(testContext().ctx, [name])
  walk(program.commands.find((c) => c.name() === name)!, [name])
  let text = ''
  for (const path of paths) {
    const t = testContext({ columns: 100 })
    expect(await t.run([...path, '--help'])).toBe(0)
    expect(t.stderr()).toBe('')
    text += `\n$ agentry ${path.join(' ')} --help\n${t.stdout()}`
  }
  return text
}

describe('--help', () => {
  it('agentry', async () => {
    const t = testContext({ columns: 100 })
    expect(await t.run(['--help'])).toBe(0)
    expect(t.stdout()).toMatchInlineSnapshot(`
      "Usage: agentry [options] [command]

      agentry: agents, chat, scenarios, webhooks, schedules, keys, CMS, sites, files
      and images, from a terminal or a script

      Options:
        -V, --version            print the version
        --profile <name>         saved profile to use (env AGENTRY_PROFILE)
        --base-url <url>         service base URL, e.g. https://host/api/v1beta (env
                                 AGENTRY_BASE_URL)
        --account <id>           account id (env AGENTRY_ACCOUNT)
        --api-key-file <path>    read the API key from this file (or env
                                 AGENTRY_API_KEY; never a flag value)
        --json                   output JSON (same as -o json)
        -o, --output <format>    output format: table, json, ndjson, yaml, tsv (chat:
                                 text, json, ndjson)
        --jq <expression>        filter the JSON output with jq; strings print raw
                                 (e.g. --jq '.[].id')
        --timeout <seconds>      total request timeout in seconds, 0.1 to 86400,
                                 default 300 (env AGENTRY_TIMEOUT)
        --retries <n>            retries for idempotent requests, 0 to 10, default 2
                                 (env AGENTRY_RETRIES)
        --debug                  trace HTTP on stderr, secrets redacted (env
                                 AGENTRY_DEBUG)
        --no-color               no colour (also NO_COLOR)
        --error-format <format>  errors on stderr as text or json (choices: "text",
                                 "json")
        -q, --quiet              no notes or progress on stderr
        --emulator               start an in-process emulator with demo data and use
                                 it (no account needed)
        -h, --help               display help for command

      Commands:
        chat                     Chat with an agent: interactive on a terminal,
                                 one-shot with -m or piped stdin
        chats                    Stateful (workspace) chats: list, create, messages
        agents|agent             List, show, create, edit and delete agents; show an
                                 A2A card
        skills                   List the skills of the account
        models|model             List the models you can chat with directly (agentry
                                 chat --model)
        scenario|scenarios       List, show, create, edit, delete, run (signed) and
                                 trigger scenarios; list their runs
        webhook|webhooks         Manage webhooks, test them, trigger them
        schedule|schedules       Run scenarios on a cron or an interval
        keys                     List, create and delete API keys
        cms                      Content records: query, search, get, save, publish,
                                 delete, export and import; record types
        sites|site               List the sites of the account, show one
        pages|page               List the pages of a site, show one
        files|file               Files and folders of the account: list, upload,
                                 download, url, mkdir, mv, delete
        images|image             Analyze an image, suggest edits of one, or generate
                                 one
        a2a                      Talk to any agent that publishes an A2A card
        mcp                      Serve the account to MCP clients (Claude, Cursor, …)
        connect                  Serve a hosted agent's tasks on this machine
        test                     Test agents and scenarios: cases with assertions, a
                                 matrix of targets, JUnit and an HTML report
        api                      Make an authenticated call to any path of the service
                                 and print the answer
        login                    Log in: OAuth in the system browser, --device without
                                 one, or --with-api-key to store a key read from stdin
        logout                   Forget the stored credential of the profile (and
                                 revoke OAuth tokens)
        whoami                   Show which credential is in use, where it came from,
                                 the base URL and account; checks it with the service
        teams|team               List the accounts (teams) your login reaches; switch
                                 the one the profile uses
        doctor                   List what the set-up lacks, then check the service's
                                 read-only answers against their declarations
        oauth                    OAuth: login, logout, status, token, refresh,
                                 register
        logs                     The local log of chats: list, show, search, export,
                                 path, clear
        config                   Show and change settings and profiles
        emulator                 Run the local emulator of the service
        version                  Print the version of agentry (and of Node with
                                 --json)
        completion               Print a shell completion script (bash, zsh, fish)
        help [command]           display help for command

      Examples:
        agentry --emulator chat demo-assistant        chat with a demo agent, no account needed
        agentry agents list --json                    every agent of the account as JSON
        echo "hi" | agentry chat ag_123 --output ndjson
        agentry scenario run sc_1 --input-file in.txt
        agentry cms query posts --where 'status = "published" and views > 100' --all

      Exit codes: 0 ok, 1 error, 2 usage, 3 not found, 4 auth, 5 conflict, 6 rate-limited, 7 server, 8 network,
                  10 tests failed, 124 timeout, 130 cancelled.
      "
    `)
  })

  it('chat', async () => {
    expect(await helpOfGroup('chat')).toMatchInlineSnapshot(`
      "
      $ agentry chat --help
      Usage: agentry chat [options] [agentId] [message...]

      Chat with an agent: interactive on a terminal, one-shot with -m or piped stdin

      Arguments:
        agentId                   the agent (default: env AGENTRY_AGENT or the
                                  profile's default-agent; else asked for)
        message                   the message (as -m); piped stdin is then appended to
                                  it as context

      Options:
        -m, --message <text>      send this message and print the answer (one-shot);
                                  "-" reads it from stdin
        --system <text>           extra system prompt for this conversation (stateless
                                  chats)
        --max-tokens <n>          most tokens in the answer, from 1 (overrides the
                                  agent's default)
        --tools <file.json>       function tools the agent may call: a JSON array of
                                  tool definitions
        --tool-handler <command>  run this shell command for each tool call: arguments
                                  JSON on stdin, stdout is the result
        --tool-env <name>         hand this environment variable to the tool handler
                                  although it holds a secret (AGENTRY_API_KEY…);
                                  repeatable
        --tool-timeout <seconds>  stop a tool handler that runs longer, at most 86400
                                  (default 60)
        --mcp <command>           offer the tools of a local MCP server (stdio): its
                                  command line; repeatable
        --approve-tools           run MCP tool calls without asking (needed without a
                                  terminal)
        --image <path|url>        attach an image (PNG, JPEG, GIF, WebP up to 20 MiB,
                                  or an http(s) URL); repeatable
        --attach <file>           upload a file with the message to a stateful chat
                                  (--new-chat or --chat): .txt .md .csv .json .pdf,
                                  images… up to 20 MiB; repeatable
        --chat <chatId>           continue a stateful chat kept by the service
        --new-chat                start a stateful chat: its id, a UUID made here, is
                                  printed on stderr
        --no-stream               ask for the whole answer at once (same output)
        --no-final-newline        piped text: the answer's bytes exactly, no newline
                                  added at its end
        --save <file>             append the conversation to a transcript: JSON lines
                                  for .jsonl, Markdown for .md
        --resume <file.jsonl>     continue the conversation of a JSONL transcript
                                  (stateless)
        -c, --continue            continue the last conversation of the local log (of
                                  the named agent, if one is named)
        --cid <id>                continue this conversation of the local log (agentry
                                  logs list)
        --model <modelId>         chat with this model directly, not an agent
                                  (stateless; see: agentry models list)
        --mode <mode>             how the service works on each turn, passed through
                                  (inferred) (choices: "plan", "ask", "agent")
        --list-targets            list the agents and models to chat with, and exit
        --no-stdin                never read stdin (no context appended, not the
                                  message)
        --agent <id>              the agent, as the official CLI names it (instead of
                                  [agentId])
        -h, --help                display help for command

      Examples:
        agentry chat demo-assistant                          interactive
        agentry chat demo-assistant -m "hello"               one-shot; the answer on stdout
        agentry chat demo-assistant what is a webhook        the same: words after the agent id
        agentry chat --agent demo-assistant -m "hello"       the agent named as the official CLI names it
        cat notes.md | agentry chat ag_1 summarize this      stdin appended to the message as context
        agentry chat -c                                      continue the last conversation (agentry logs list)
        git diff | agentry chat reviewer --system "Review this diff"
        agentry chat ag_1 -m "weather in Paris" --tools tools.json --tool-handler ./weather.sh
        agentry chat ag_1 -m "describe" --image photo.png -o json | jq -r .message.content
        agentry chat ag_1 --new-chat -m "remember 42"; agentry chat ag_1 --chat <id> -m "what number?"
        agentry chat ag_1 -m "hi" --save talk.jsonl; agentry chat ag_1 --resume talk.jsonl --save talk.jsonl -m "more"
        agentry chat --model emulator/scripted-1 -m "hi"         a model, no agent (agentry chat --list-targets)

      Output (-o, --output): text (default; piped, exactly the answer's bytes), json (one object at the end), ndjson
      (events as the official CLI's chat --json: text, thinking, tool_use, tool_result, usage, error, done). Notes and
      errors go to stderr.
      Exit codes: 0 done, 2 usage, 3 unknown agent, 4 auth, 5 tool calls nothing answered, 7 server error, 8 connection
      dropped (the partial answer stays on stdout), 124 stream stalled (AGENTRY_IDLE_TIMEOUT seconds, default 60) or
      not complete within a --timeout you set, 130 cancelled (Ctrl-C).
      Ctrl-C cancels the answer on the server and keeps what arrived; a second Ctrl-C quits.
      "
    `)
  })

  it('chats', async () => {
    expect(await helpOfGroup('chats')).toMatchInlineSnapshot(`
      "
      $ agentry chats --help
      Usage: agentry chats [options] [command]

      Stateful (workspace) chats: list, create, messages

      Options:
        -h, --help                                                          display help for command

      Commands:
        attachments                                                         The files of a chat's messages: delete (upload them with agentry chat --attach)
        create <agentId>                                                    Make a new stateful chat id (a UUID, nothing is sent); use it with: agentry chat <agentId> --chat <id>
        delete-message|rm-message [options] <agentId> <chatId> <messageId>  Delete one message of a stateful chat (asks first on a terminal; --yes otherwise)
        list|ls [options] <agentId>                                         List an agent's stateful chats
        messages <agentId> <chatId>                                         Show the messages of a stateful chat, oldest first
        help [command]                                                      display help for command

      $ agentry chats attachments --help
      Usage: agentry chats attachments [options] [command]

      The files of a chat's messages: delete (upload them with agentry chat --attach)

      Options:
        -h, --help                                                     display help for command

      Commands:
        delete|rm [options] <agentId> <chatId> <messageId> <filename>  Delete one attachment of a message of a stateful chat (asks first on a terminal; --yes otherwise)
        help [command]                                                 display help for command

      Examples:
        agentry chats attachments delete ag_123 <chatId> <messageId> notes.txt --yes


      $ agentry chats attachments delete --help
      Usage: agentry chats attachments delete|rm [options] <agentId> <chatId> <messageId> <filename>

      Delete one attachment of a message of a stateful chat (asks first on a terminal;
      --yes otherwise)

      Arguments:
        agentId     the agent
        chatId      the chat
        messageId   the message (see: agentry chats messages --json)
        filename    the file name, as uploaded

      Options:
        -y, --yes   do not ask
        -h, --help  display help for command

      Examples:
        agentry chats attachments delete ag_123 <chatId> <messageId> notes.txt --yes
        agentry chats messages ag_123 <chatId> --json | jq -r '.[] | .id as $m | .attachments[]? | "\\($m) \\(.filename)"'


      $ agentry chats create --help
      Usage: agentry chats create [options] <agentId>

      Make a new stateful chat id (a UUID, nothing is sent); use it with: agentry chat
      <agentId> --chat <id>

      Arguments:
        agentId     the agent

      Options:
        -h, --help  display help for command

      Examples:
        agentry chats create ag_123
        id=$(agentry chats create ag_123 --json | jq -r .id); agentry chat ag_123 --chat "$id" -m "remember 42"


      $ agentry chats delete-message --help
      Usage: agentry chats delete-message|rm-message [options] <agentId> <chatId> <messageId>

      Delete one message of a stateful chat (asks first on a terminal; --yes
      otherwise)

      Arguments:
        agentId     the agent
        chatId      the chat
        messageId   the message (see: agentry chats messages)

      Options:
        -y, --yes   do not ask
        -h, --help  display help for command

      Examples:
        agentry chats delete-message ag_123 chat_1 6f1c… --yes


      $ agentry chats list --help
      Usage: agentry chats list|ls [options] <agentId>

      List an agent's stateful chats

      Arguments:
        agentId      the agent

      Options:
        --page <n>   page number, from 1
        --limit <n>  page size, 1 to 100 (default: the service's, 20)
        --all        follow every page
        -h, --help   display help for command

      Examples:
        agentry chats list ag_123
        agentry chats ls ag_123 --all --json


      $ agentry chats messages --help
      Usage: agentry chats messages [options] <agentId> <chatId>

      Show the messages of a stateful chat, oldest first

      Arguments:
        agentId     the agent
        chatId      the chat

      Options:
        -h, --help  display help for command

      Examples:
        agentry chats messages ag_123 chat_1
        agentry chats messages ag_123 chat_1 --json

      "
    `)
  })

  it('agents', async () => {
    expect(await helpOfGroup('agents')).toMatchInlineSnapshot(`
      "
      $ agentry agents --help
      Usage: agentry agents|agent [options] [command]

      List, show, create, edit and delete agents; show an A2A card

      Options:
        -h, --help                     display help for command

      Commands:
        card <agentId>                 Show an agent's A2A card (capabilities, skills,
                                       endpoint)
        create [options] <name>        Create an agent and print it
        delete|rm [options] <agentId>  Delete an agent (asks first on a terminal;
                                       --yes otherwise)
        edit [options] <agentId>       Change an agent: name, description,
                                       instructions or model
        get <agentId>                  Show one agent
        list|ls [options]              List the agents of the account
        help [command]                 display help for command

      $ agentry agents card --help
      Usage: agentry agents card [options] <agentId>

      Show an agent's A2A card (capabilities, skills, endpoint)

      Arguments:
        agentId     the agent id

      Options:
        -h, --help  display help for command

      Examples:
        agentry agents card ag_123
        agentry agents card ag_123 --json


      $ agentry agents create --help
      Usage: agentry agents create [options] <name>

      Create an agent and print it

      Arguments:
        name                           its name, at most 100 characters

      Options:
        --description <text>           what the agent is for, at most 1000 characters
        --instructions <text|@file|->  its instructions (system prompt): inline,
                                       @file, or - for stdin
        --model <modelId>              the model it runs on (see: agentry models list)
        -h, --help                     display help for command

      Examples:
        agentry agents create "Release notes" --description "Writes release notes" --instructions @prompt.md
        agentry agents create Triage --model emulator/scripted-1 --json | jq -r .id


      $ agentry agents delete --help
      Usage: agentry agents delete|rm [options] <agentId>

      Delete an agent (asks first on a terminal; --yes otherwise)

      Arguments:
        agentId     the agent

      Options:
        -y, --yes   do not ask
        -h, --help  display help for command

      Examples:
        agentry agents delete agt_1
        agentry agents rm agt_1 --yes


      $ agentry agents edit --help
      Usage: agentry agents edit [options] <agentId>

      Change an agent: name, description, instructions or model

      Arguments:
        agentId                        the agent

      Options:
        --name <name>                  new name, at most 100 characters
        --description <text>           what the agent is for, at most 1000 characters
        --instructions <text|@file|->  its instructions (system prompt): inline,
                                       @file, or - for stdin
        --model <modelId>              the model it runs on (see: agentry models list)
        -h, --help                     display help for command

      Examples:
        agentry agents edit agt_1 --instructions @prompt.md
        agentry agents edit agt_1 --name "Release notes" --model emulator/scripted-mini


      $ agentry agents get --help
      Usage: agentry agents get [options] <agentId>

      Show one agent

      Arguments:
        agentId     the agent id

      Options:
        -h, --help  display help for command

      Examples:
        agentry agents get ag_123
        agentry agents get ag_123 --json | jq .systemPrompt


      $ agentry agents list --help
      Usage: agentry agents list|ls [options]

      List the agents of the account

      Options:
        --page <n>   page number, from 1
        --limit <n>  page size, 1 to 100 (default: the service's, 20)
        --all        follow every page
        -h, --help   display help for command

      Examples:
        agentry agents list
        agentry agents list --all --json
        agentry agents ls --limit 5 -o yaml

      "
    `)
  })

  it('skills', async () => {
    expect(await helpOfGroup('skills')).toMatchInlineSnapshot(`
      "
      $ agentry skills --help
      Usage: agentry skills [options] [command]

      List the skills of the account

      Options:
        -h, --help         display help for command

      Commands:
        get <skillId>      Show one skill
        list|ls [options]  List the skills of the account
        help [command]     display help for command

      $ agentry skills get --help
      Usage: agentry skills get [options] <skillId>

      Show one skill

      Arguments:
        skillId     the skill id

      Options:
        -h, --help  display help for command

      Examples:
        agentry skills get markdown
        agentry skills get markdown --json | jq .tags


      $ agentry skills list --help
      Usage: agentry skills list|ls [options]

      List the skills of the account

      Options:
        --page <n>   page number, from 1
        --limit <n>  page size, 1 to 100 (default: the service's, 20)
        --all        follow every page
        -h, --help   display help for command

      Examples:
        agentry skills list
        agentry skills list --all -o ndjson

      "
    `)
  })

  it('scenario', async () => {
    expect(await helpOfGroup('scenario')).toMatchInlineSnapshot(`
      "
      $ agentry scenario --help
      Usage: agentry scenario|scenarios [options] [command]

      List, show, create, edit, delete, run (signed) and trigger scenarios; list their
      runs

      Options:
        -h, --help                        display help for command

      Commands:
        create [options]                  Create a scenario and print it, with its
                                          signing secret (store the secret then)
        delete|rm [options] <scenarioId>  Delete a scenario (asks first on a terminal;
                                          --yes otherwise)
        edit [options] <scenarioId>       Change a scenario: name, description,
                                          instruction, agent, status, signature header
                                          or secret
        get <scenarioId>                  Show one scenario (its signature header
                                          name, never its secret)
        list|ls [options]                 List the scenarios of the account
        run [options] <scenarioId>        Run a scenario, signed with its secret
                                          (without it: scenario trigger); exit 0 only
                                          when it completed
        runs [options] <scenarioId>       List a scenario's executions (runs), newest
                                          first
        sign [options]                    Print the signature (lowercase hex
                                          HMAC-SHA256) of stdin's exact bytes
        trigger [options] <scenarioId>    Run a scenario with your login or API key
                                          (no signing secret); exit 0 only when it
                                          completed
        help [command]                    display help for command

      Examples:
        agentry scenario list
        AGENTRY_SCENARIO_SECRET=… agentry scenario run scn_1 --input hi


      $ agentry scenario create --help
      Usage: agentry scenario create [options]

      Create a scenario and print it, with its signing secret (store the secret then)

      Options:
        --name <name>                 its name, 2 to 50 characters
        --instruction <text|@file|->  what the agent is told on each run: inline,
                                      @file, or - for stdin
        --agent <agentId>             the agent that runs it (see: agentry agents
                                      list)
        --description <text>          what it is for, at most 5000 characters
        --status <status>             enabled (runs) or disabled (choices: "enabled",
                                      "disabled")
        --signature-header <name>     the header signed runs carry (default
                                      X-Signature)
        -h, --help                    display help for command

      Examples:
        agentry scenario create --name "Summarize ticket" --agent demo-assistant --instruction @instruction.md
        secret=$(agentry scenario create --name Triage --agent demo-assistant --instruction "Sort it" --json | jq -r .signature_secret)


      $ agentry scenario delete --help
      Usage: agentry scenario delete|rm [options] <scenarioId>

      Delete a scenario (asks first on a terminal; --yes otherwise)

      Arguments:
        scenarioId  the scenario

      Options:
        -y, --yes   do not ask
        -h, --help  display help for command

      Examples:
        agentry scenario delete scn_1
        agentry scenario rm scn_1 --yes


      $ agentry scenario edit --help
      Usage: agentry scenario edit [options] <scenarioId>

      Change a scenario: name, description, instruction, agent, status, signature
      header or secret

      Arguments:
        scenarioId                    the scenario

      Options:
        --name <name>                 its name, 2 to 50 characters
        --description <text>          what it is for, at most 5000 characters
        --instruction <text|@file|->  what the agent is told on each run: inline,
                                      @file, or - for stdin
        --agent <agentId>             the agent that runs it (see: agentry agents
                                      list)
        --status <status>             enabled (runs) or disabled (choices: "enabled",
                                      "disabled")
        --signature-header <name>     the header signed runs carry (default
                                      X-Signature)
        --rotate-secret               make a new signing secret and print it (the old
                                      one stops working)
        -h, --help                    display help for command

      Examples:
        agentry scenario edit scn_1 --status disabled
        agentry scenario edit scn_1 --instruction @instruction.md --agent code-helper
        agentry scenario edit scn_1 --rotate-secret --json | jq -r .signature_secret > scn_1.secret


      $ agentry scenario get --help
      Usage: agentry scenario get [options] <scenarioId>

      Show one scenario (its signature header name, never its secret)

      Arguments:
        scenarioId  the scenario

      Options:
        -h, --help  display help for command

      Examples:
        agentry scenario get scn_1
        agentry scenario get scn_1 --json | jq -r .signature_name


      $ agentry scenario list --help
      Usage: agentry scenario list|ls [options]

      List the scenarios of the account

      Options:
        --page <n>   page number, from 1
        --limit <n>  page size, 1 to 100 (default: the service's, 20)
        --all        follow every page
        -h, --help   display help for command

      Examples:
        agentry scenario list
        agentry scenarios ls --all --json


      $ agentry scenario run --help
      Usage: agentry scenario run [options] <scenarioId>

      Run a scenario, signed with its secret (without it: scenario trigger); exit 0
      only when it completed

      Arguments:
        scenarioId                 the scenario

      Options:
        --input <text>             the input text
        --input-file <path>        read the input from a file (- for stdin); default:
                                   piped stdin
        --secret-file <path>       file holding the signing secret (or env
                                   AGENTRY_SCENARIO_SECRET, or the profile)
        --signature-header <name>  header carrying the signature (default: profile,
                                   else the scenario's)
        --dry-run                  print the request (body, header name, signature)
                                   without sending it
        --batch <file>             one run per NDJSON line of the file (- for stdin);
                                   see below
        --concurrency <n>          with --batch: runs in flight, 1 to 64 (default 8)
        --results <file>           with --batch: write the result lines (NDJSON) here
                                   instead of stdout
        --junit <file>             with --batch: write a JUnit XML report here at the
                                   end
        --resume <results>         with --batch: skip the inputs this results file
                                   shows completed
        --shard <i/n>              with --batch: only the inputs of shard i of n (a CI
                                   matrix job)
        -h, --help                 display help for command

      Examples:
        AGENTRY_SCENARIO_SECRET=… agentry scenario run scn_1 --input "Summarize this"
        git log -1 --format=%B | agentry scenario run scn_1 --secret-file ~/.config/scn_1.secret --json
        agentry scenario run scn_1 --input-file ticket.txt --signature-header X-Signature -o json
        agentry scenario run scn_1 --input hi --dry-run
        agentry scenario run scn_1 --batch tickets.ndjson --results out.ndjson --junit junit.xml --concurrency 16
        agentry scenario run scn_1 --batch tickets.ndjson --results out.ndjson --resume out.ndjson --shard 2/4

      Run or trigger? \`scenario run\` signs the run with the scenario's secret, as an external system does (a CI job that
      holds the secret and no API credential). \`scenario trigger\` runs it with your login or API key instead, no secret
      needed (a dashboard user who never saw the secret); its output, --json and --batch are the same.

      The body {"input": "<text>"} is signed with HMAC-SHA256 (lowercase hex) over its exact bytes. The run is never
      retried by agentry (it is not idempotent: a retry could run the scenario twice).
      Exit codes: 0 completed, 1 failed (the reason on stderr), 2 usage, 3 no such scenario, 4 signature refused,
      5 scenario disabled.

      --batch runs it once per line of an NDJSON file (a JSON string, or {"input": "<text>"}), --concurrency at a time,
      and writes one result line per input as each finishes:
        {"index", "input", "runId", "status", "output", "durationMs", "error"}
      status: completed, failed (the run did not complete), refused (4xx) or error (no answer: it may or may not have
      run). Exit 0 only when every run completed; else the code all unsuccessful runs share (4 signature refused,
      5 disabled or failed, 8 network…), 5 when they differ; 130 after Ctrl-C (the runs in flight finish first).

      $ agentry scenario runs --help
      Usage: agentry scenario runs [options] <scenarioId>

      List a scenario's executions (runs), newest first

      Arguments:
        scenarioId            the scenario

      Options:
        --page <n>            page number, from 1
        --limit <n>           page size, 1 to 100 (default: the service's, 20)
        --all                 follow every page
        --watch               print the executions that end from now on, as they end,
                              until Ctrl-C
        --until-one           wait for the next execution to end (implies --watch):
                              exit 0 if it completed, 1 if not
        --since <time>        with --watch: count too the runs that started at or
                              after this ISO 8601 time (one triggered just before)
        --interval <seconds>  with --watch: how often to look, at most 3600 (default
                              2)
        --wait <seconds>      with --until-one: give up after waiting this long in all
                              (exit 124), at most 86400 (default: no limit)
        -h, --help            display help for command

      Examples:
        agentry scenario runs scn_1
        agentry scenario runs scn_1 --all --json | jq -r '.[] | select(.status == "failed") | .id'
        agentry scenario runs scn_1 --watch -o ndjson
        agentry scenario runs scn_1 --until-one --since 2026-11-28T08:00:00Z --wait 600


      $ agentry scenario sign --help
      Usage: agentry scenario sign [options]

      Print the signature (lowercase hex HMAC-SHA256) of stdin's exact bytes

      Options:
        --file <path>         sign this file instead of stdin
        --secret-file <path>  file holding the signing secret (or env
                              AGENTRY_SCENARIO_SECRET, or the profile)
        -h, --help            display help for command

      Examples:
        printf '{"input":"hi"}' > body.json
        sig=$(agentry scenario sign --file body.json)
        curl -H "X-Signature: $sig" -H "Content-Type: application/json" --data-binary @body.json "$URL/scenario/scn_1"

      The bytes are signed as they are: no newline is added or removed.

      $ agentry scenario trigger --help
      Usage: agentry scenario trigger [options] <scenarioId>

      Run a scenario with your login or API key (no signing secret); exit 0 only when
      it completed

      Arguments:
        scenarioId           the scenario

      Options:
        --input <text>       the input text
        --input-file <path>  read the input from a file (- for stdin); default: piped
                             stdin
        -d, --data <json>    the input as a JSON value (an object, say): inline,
                             @file, or - for stdin
        --batch <file>       one run per NDJSON line of the file (- for stdin); see
                             below
        --concurrency <n>    with --batch: runs in flight, 1 to 64 (default 8)
        --results <file>     with --batch: write the result lines (NDJSON) here
                             instead of stdout
        --junit <file>       with --batch: write a JUnit XML report here at the end
        --resume <results>   with --batch: skip the inputs this results file shows
                             completed
        --shard <i/n>        with --batch: only the inputs of shard i of n (a CI
                             matrix job)
        -h, --help           display help for command

      Examples:
        agentry scenario trigger scn_1 --input "Summarize this"
        agentry scenario trigger scn_1 --data '{"ticket":42,"priority":"high"}' --json
        git log -1 --format=%B | agentry scenario trigger scn_1
        agentry scenario trigger scn_1 --batch tickets.ndjson --results out.ndjson --concurrency 16

      Run or trigger? \`scenario trigger\` uses your credential (agentry login, or an API key whose scopes name the
      scenario): no secret needed. \`scenario run\` signs with the scenario's secret instead, as an external system
      without an API credential does. Output, --json and --batch (the lines and results of \`scenario run --help\`)
      are the same. Never retried (a retry could run the scenario twice).
      Exit codes: 0 completed, 1 failed (the reason on stderr), 2 usage, 3 no such scenario, 4 credential refused,
      5 scenario disabled.
      "
    `)
  })

  it('webhook', async () => {
    expect(await helpOfGroup('webhook')).toMatchInlineSnapshot(`
      "
      $ agentry webhook --help
      Usage: agentry webhook|webhooks [options] [command]

      Manage webhooks, test them, trigger them

      Options:
        -h, --help                       display help for command

      Commands:
        create [options]                 Create a webhook for a scenario and print it,
                                         with its secret (store the secret then)
        delete|rm [options] <webhookId>  Delete a webhook (asks first on a terminal;
                                         --yes otherwise)
        edit [options] <webhookId>       Change a webhook: name, description, status
                                         or scenario
        get [options] <webhookId>        Show one webhook (its secret hidden unless
                                         --show-secret)
        list|ls [options]                List the webhooks of the account
        test [options] <webhookId>       Send a test delivery to a webhook; exit 0
                                         only when it was delivered and its run
                                         completed
        trigger [options] [webhookId]    Trigger a webhook as an external system
                                         would: POST a JSON object with its secret
        help [command]                   display help for command

      Examples:
        agentry webhook create --name Orders --scenario scn_1
        agentry webhook trigger whk_1 --data @e.json


      $ agentry webhook create --help
      Usage: agentry webhook create [options]

      Create a webhook for a scenario and print it, with its secret (store the secret
      then)

      Options:
        --name <name>         name, 2 to 100 characters
        --description <text>  description, at most 1000 characters
        --status <status>     active or inactive (choices: "active", "inactive",
                              default: "active")
        --scenario <id>       the scenario that runs on each trigger
        -h, --help            display help for command

      Examples:
        agentry webhook create --name "New orders" --scenario scn_1
        agentry webhook create --name Import --scenario scn_2 --status inactive --json > hook.json
        secret=$(agentry webhook create --name CI --scenario scn_1 --json | jq -r .secret)


      $ agentry webhook delete --help
      Usage: agentry webhook delete|rm [options] <webhookId>

      Delete a webhook (asks first on a terminal; --yes otherwise)

      Arguments:
        webhookId   the webhook

      Options:
        -y, --yes   do not ask
        -h, --help  display help for command

      Examples:
        agentry webhook delete whk_1
        agentry webhook rm whk_1 --yes


      $ agentry webhook edit --help
      Usage: agentry webhook edit [options] <webhookId>

      Change a webhook: name, description, status or scenario

      Arguments:
        webhookId             the webhook

      Options:
        --name <name>         new name, 2 to 100 characters
        --description <text>  new description, at most 1000 characters
        --status <status>     active (receives triggers) or inactive (choices:
                              "active", "inactive")
        --scenario <id>       run this scenario instead
        --show-secret         print the secret instead of hiding it
        -h, --help            display help for command

      Examples:
        agentry webhook edit whk_1 --status inactive
        agentry webhook edit whk_1 --name "Paid orders" --description "Stripe: paid orders"


      $ agentry webhook get --help
      Usage: agentry webhook get [options] <webhookId>

      Show one webhook (its secret hidden unless --show-secret)

      Arguments:
        webhookId      the webhook

      Options:
        --show-secret  print the secret instead of hiding it
        -h, --help     display help for command

      Examples:
        agentry webhook get whk_1
        agentry webhook get whk_1 --show-secret --json | jq -r .secret


      $ agentry webhook list --help
      Usage: agentry webhook list|ls [options]

      List the webhooks of the account

      Options:
        --page <n>     page number, from 1
        --limit <n>    page size, 1 to 100 (default: the service's, 20)
        --all          follow every page
        --show-secret  print secrets instead of hiding them
        -h, --help     display help for command

      Examples:
        agentry webhook list
        agentry webhooks ls --all --json


      $ agentry webhook test --help
      Usage: agentry webhook test [options] <webhookId>

      Send a test delivery to a webhook; exit 0 only when it was delivered and its run
      completed

      Arguments:
        webhookId          the webhook

      Options:
        -d, --data <json>  payload (a JSON object): inline, @file, or - for stdin;
                           default: a sample event
        -h, --help         display help for command

      Examples:
        agentry webhook test whk_1
        agentry webhook test whk_1 --data '{"order":42}' --json


      $ agentry webhook trigger --help
      Usage: agentry webhook trigger [options] [webhookId]

      Trigger a webhook as an external system would: POST a JSON object with its
      secret

      Arguments:
        webhookId             the webhook (its URL and secret are read with the API
                              key)

      Options:
        -d, --data <json>     JSON object body: inline, @file, or - for stdin (default
                              {})
        --secret-file <path>  file holding the webhook secret (or env
                              AGENTRY_WEBHOOK_SECRET)
        --url <url>           trigger this URL without an API key (the secret then
                              comes from env or file)
        --batch <file>        one trigger per NDJSON line of the file (- for stdin);
                              see below
        --concurrency <n>     with --batch: triggers in flight, 1 to 64 (default 8)
        --results <file>      with --batch: write the result lines (NDJSON) here
                              instead of stdout
        --junit <file>        with --batch: write a JUnit XML report here at the end
        --resume <results>    with --batch: skip the inputs this results file shows
                              completed
        --shard <i/n>         with --batch: only the inputs of shard i of n (a CI
                              matrix job)
        -h, --help            display help for command

      Examples:
        agentry webhook trigger whk_1 --data '{"order":42}'
        jq -c .payload event.json | agentry webhook trigger whk_1 --data -
        AGENTRY_WEBHOOK_SECRET=… agentry webhook trigger --url https://host/api/webhooks/whk_1 --data @event.json
        agentry webhook trigger whk_1 --batch events.ndjson --results out.ndjson --junit junit.xml

      Never retried (a trigger runs the scenario). Exit codes: 0 received, 2 usage, 3 no such webhook,
      4 secret refused, 5 webhook inactive.

      --batch triggers it once per line of an NDJSON file (one JSON object body per line, sent as its exact bytes),
      --concurrency at a time, writing a result line per input ({"index", "input", "runId", "status", "output",
      "durationMs", "error"}; status received, failed, refused or error) as each finishes. Exit 0 only when every
      trigger was received; else the code all unsuccessful ones share, 5 when they differ; 130 after Ctrl-C.
      "
    `)
  })

  it('schedule', async () => {
    expect(await helpOfGroup('schedule')).toMatchInlineSnapshot(`
      "
      $ agentry schedule --help
      Usage: agentry schedule|schedules [options] [command]

      Run scenarios on a cron or an interval

      Options:
        -h, --help                        display help for command

      Commands:
        create [options]                  Create a schedule: a scenario, and --cron or
                                          --every
        delete|rm [options] <scheduleId>  Delete a schedule (asks first on a terminal;
                                          --yes otherwise)
        edit [options] <scheduleId>       Change a schedule
        get <scheduleId>                  Show one schedule
        list|ls [options]                 List the schedules of the account
        help [command]                    display help for command

      Examples:
        agentry schedule create --scenario scn_1 --every 5m
        agentry schedule list


      $ agentry schedule create --help
      Usage: agentry schedule create [options]

      Create a schedule: a scenario, and --cron or --every

      Options:
        --name <name>       name (default: scenario and timing)
        --scenario <id>     the scenario to run
        --cron <expr>       cron expression, e.g. "0 9 * * 1-5"
        --every <duration>  interval, e.g. 30s, 5m, 1h, 1h30m
        --timezone <tz>     IANA time zone of the cron, e.g. Europe/Paris (default
                            UTC)
        --input <text>      the input each run gets
        --status <status>   active or inactive (choices: "active", "inactive")
        -h, --help          display help for command

      Examples:
        agentry schedule create --scenario scn_1 --every 1h --input "hourly sync"
        agentry schedule create --scenario scn_1 --cron "0 9 * * 1-5" --timezone Europe/Paris --name "Daily digest"


      $ agentry schedule delete --help
      Usage: agentry schedule delete|rm [options] <scheduleId>

      Delete a schedule (asks first on a terminal; --yes otherwise)

      Arguments:
        scheduleId  the schedule

      Options:
        -y, --yes   do not ask
        -h, --help  display help for command

      Examples:
        agentry schedule delete sch_1
        agentry schedule rm sch_1 --yes


      $ agentry schedule edit --help
      Usage: agentry schedule edit [options] <scheduleId>

      Change a schedule

      Arguments:
        scheduleId          the schedule

      Options:
        --name <name>       name
        --scenario <id>     the scenario to run
        --cron <expr>       cron expression, e.g. "0 9 * * 1-5"
        --every <duration>  interval, e.g. 30s, 5m, 1h, 1h30m
        --timezone <tz>     IANA time zone of the cron, e.g. Europe/Paris (default
                            UTC)
        --input <text>      the input each run gets
        --status <status>   active or inactive (choices: "active", "inactive")
        -h, --help          display help for command

      Examples:
        agentry schedule edit sch_1 --status inactive
        agentry schedule edit sch_1 --every 15m


      $ agentry schedule get --help
      Usage: agentry schedule get [options] <scheduleId>

      Show one schedule

      Arguments:
        scheduleId  the schedule

      Options:
        -h, --help  display help for command

      Examples:
        agentry schedule get sch_1
        agentry schedule get sch_1 --json | jq -r .nextRunAt


      $ agentry schedule list --help
      Usage: agentry schedule list|ls [options]

      List the schedules of the account

      Options:
        --page <n>   page number, from 1
        --limit <n>  page size, 1 to 100 (default: the service's, 20)
        --all        follow every page
        -h, --help   display help for command

      Examples:
        agentry schedule list
        agentry schedules ls --all --json

      "
    `)
  })

  it('keys', async () => {
    expect(await helpOfGroup('keys')).toMatchInlineSnapshot(`
      "
      $ agentry keys --help
      Usage: agentry keys [options] [command]

      List, create and delete API keys

      Options:
        -h, --help                   display help for command

      Commands:
        create [options]             Create an API key and print it once (just the key
                                     when piped; --json for the record)
        delete|rm [options] <keyId>  Delete (revoke) an API key (asks first on a
                                     terminal; --yes otherwise)
        list|ls [options]            List the API keys of the account
        help [command]               display help for command

      Examples:
        KEY=$(agentry keys create --name ci --agent ag_1)
        agentry keys list


      $ agentry keys create --help
      Usage: agentry keys create [options]

      Create an API key and print it once (just the key when piped; --json for the
      record)

      Options:
        --name <name>     a name to recognise it by
        --agent <id>      allow only this agent (repeatable); default: every agent
        --scenario <id>   allow only this scenario (repeatable); default: every
                          scenario
        --cms <access>    CMS access (default: the service default) (choices: "none",
                          "read", "write")
        --expires <when>  expiry: an ISO date or time, or a duration from now such as
                          30d
        -h, --help        display help for command

      Examples:
        KEY=$(agentry keys create --name ci --agent ag_1 --cms read --expires 30d)
        agentry keys create --name deploy --scenario scn_1 --scenario scn_2 --json


      $ agentry keys delete --help
      Usage: agentry keys delete|rm [options] <keyId>

      Delete (revoke) an API key (asks first on a terminal; --yes otherwise)

      Arguments:
        keyId       the key id (see: agentry keys list), not the key itself

      Options:
        -y, --yes   do not ask
        -h, --help  display help for command

      Examples:
        agentry keys delete key_123
        agentry keys rm key_123 --yes


      $ agentry keys list --help
      Usage: agentry keys list|ls [options]

      List the API keys of the account

      Options:
        --page <n>   page number, from 1
        --limit <n>  page size, 1 to 100 (default: the service's, 20)
        --all        follow every page
        -h, --help   display help for command

      Examples:
        agentry keys list
        agentry keys ls --json

      "
    `)
  })

  it('cms', async () => {
    expect(await helpOfGroup('cms')).toMatchInlineSnapshot(`
      "
      $ agentry cms --help
      Usage: agentry cms [options] [command]

      Content records: query, search, get, save, publish, delete, export and import;
      record types

      Options:
        -h, --help                             display help for command

      Commands:
        delete|rm [options] <collection> <id>  Delete a record (asks first on a terminal; --yes otherwise)
        export [options] <collection>          Write every matching record as NDJSON (one JSON record a line), to stdout or a file
        get [options] <collection> <id...>     Show one record, or several in the order asked
        import [options] <collection> [file]   Import records from an NDJSON file or stdin (a line is {"id"?, "data", "tags"?}, as export writes)
        publish <collection> <id...>           Publish records: the delivery access (cda) serves them as they now are
        query|q [options] <collection>         Query the records of a collection: filter, select, order, group and aggregate
        save [options] <collection>            Create a record, replace one with --id (its data and tags), or change some members with --merge
        search [options] <collection> <text>   Search the delivered records in plain words: the closest first, with their score
        types                                  Record types: the collections with their schema (list, get <slug>)
        unpublish <collection> <id...>         Unpublish records: drafts again, no longer served by the delivery access (cda)
        help [command]                         display help for command

      Examples:
        agentry cms query posts --where 'status = "published"' --order-by views:desc --select title,views
        agentry cms query posts --group-by category --count --sum views
        agentry cms search posts "practical webhooks"
        agentry cms export posts --out posts.ndjson && agentry cms import posts_copy posts.ndjson

      --where language: status = "published" and (views > 100 or featured = true)
        operators = != > >= < <= and the words eq neq gt gte lt lte like ilike in notIn begins ends;
        and, or, parentheses; strings in double quotes, numbers, true/false/null, arrays ["a","b"].
        like/ilike: substring (case-sensitive / not); begins/ends: prefix / suffix.


      $ agentry cms delete --help
      Usage: agentry cms delete|rm [options] <collection> <id>

      Delete a record (asks first on a terminal; --yes otherwise)

      Arguments:
        collection  the collection
        id          the record id

      Options:
        -y, --yes   do not ask
        -h, --help  display help for command

      Examples:
        agentry cms delete posts post_00001
        agentry cms rm posts post_00001 --yes


      $ agentry cms export --help
      Usage: agentry cms export [options] <collection>

      Write every matching record as NDJSON (one JSON record a line), to stdout or a
      file

      Arguments:
        collection                     the collection

      Options:
        -w, --where <expr>             filter, e.g. 'status = "published" and views >
                                       100' (repeatable: ANDed)
        --select <fields>              only these data fields, comma-separated
                                       (nested: author.name)
        --order-by <field[:asc|desc]>  sort key; repeatable or comma-separated
        --tags <a,b>                   only records that have every one of these tags
        --access <access>              delivery (cda) or management (cma) access
                                       (choices: "cda", "cma")
        --page-size <n>                records a request, 1 to 100 (default 100)
        --out <file>                   write here instead of stdout; the file appears
                                       only once the export is complete
        --concurrency <n>              pages fetched at once (and at most held in
                                       memory), 1 to 64 (default 4)
        --resume                       continue an interrupted --out export of the
                                       same collection and query
        --shard <i/n>                  only pages i, i+n, i+2n…: the shards 1/n…n/n
                                       together are the whole export
        -h, --help                     display help for command

      Examples:
        agentry cms export posts --out posts.ndjson --concurrency 8
        agentry cms export posts --out posts.ndjson --resume
        agentry cms export posts --where 'status = "published"' --order-by createdAt > published.ndjson
        agentry cms export posts --shard 2/4 --out posts-2.ndjson

      An interrupted --out export keeps <out>.agentry-export.part and <out>.agentry-export.json; run the same command
      with --resume to continue it. --shard splits by page number, so every shard must use the same query and page size,
      and the collection must not change while the shards run.

      $ agentry cms get --help
      Usage: agentry cms get [options] <collection> <id...>

      Show one record, or several in the order asked

      Arguments:
        collection         the collection
        id                 the record ids

      Options:
        --access <access>  delivery (cda) or management (cma) (choices: "cda", "cma")
        -h, --help         display help for command

      Examples:
        agentry cms get posts post_00001
        agentry cms get posts post_00001 --json | jq .data.title
        agentry cms get posts post_00003 post_00001 --json | jq -r .[].data.title


      $ agentry cms import --help
      Usage: agentry cms import [options] <collection> [file]

      Import records from an NDJSON file or stdin (a line is {"id"?, "data", "tags"?},
      as export writes)

      Arguments:
        collection         the collection (created on the first record)
        file               the NDJSON file, or - for stdin (or --in <file>, as export
                           has --out)

      Options:
        --in <file>        read this NDJSON file (the mirror of \`cms export --out\`)
        --concurrency <n>  requests in flight, 1 to 64 (default 4)
        --skip-invalid     import the valid lines even when some are invalid (those
                           count as failed)
        --ignore-ids       save lines under derived ids even when they carry an id (a
                           copy, not the file's ids)
        --resume           continue an interrupted import of this file: skip the lines
                           known to be saved
        --shard <i/n>      only lines i, i+n, i+2n…: the shards 1/n…n/n together are
                           the whole file
        -h, --help         display help for command

      Examples:
        agentry cms import posts posts.ndjson
        agentry cms export posts --out posts.ndjson && agentry cms import posts_copy --in posts.ndjson
        agentry cms export posts | agentry cms import posts_copy - --concurrency 8
        agentry cms import posts big.ndjson --resume
        agentry cms import posts big.ndjson --shard 1/4

      Every line is saved with PUT under a stable id: its "id", or (without one, or with --ignore-ids) "imp_" and a hash
      of the collection, the line number and the record. Importing the same file again replaces, never duplicates. A
      save whose answer was lost is read back before it is called failed. Failed lines go to <file>.failed.ndjson as
      {"line", "error", "input"} (exit 1). Ctrl-C lets the saves in flight finish and keeps <file>.agentry-import.json
      for --resume, which skips the saved lines and sends the failed ones again.

      $ agentry cms publish --help
      Usage: agentry cms publish [options] <collection> <id...>

      Publish records: the delivery access (cda) serves them as they now are

      Arguments:
        collection  the collection
        id          the record ids

      Options:
        -h, --help  display help for command

      Examples:
        agentry cms publish posts rec_1 rec_2
        agentry cms publish posts rec_1 --json | jq -r .[0].publishedAt


      $ agentry cms query --help
      Usage: agentry cms query|q [options] <collection>

      Query the records of a collection: filter, select, order, group and aggregate

      Arguments:
        collection                     the collection, e.g. posts

      Options:
        -w, --where <expr>             filter, e.g. 'status = "published" and views >
                                       100' (repeatable: ANDed)
        --select <fields>              only these data fields, comma-separated
                                       (nested: author.name)
        --order-by <field[:asc|desc]>  sort key; repeatable or comma-separated
        --tags <a,b>                   only records that have every one of these tags
        --access <access>              delivery (cda) or management (cma) access
                                       (choices: "cda", "cma")
        --group-by <fields>            group rows by these fields (with aggregates)
        --count [field]                count rows (or non-null values of a field) per
                                       group; put it after <collection>
        --sum <field>                  sum of a numeric field (repeatable)
        --avg <field>                  average of a numeric field (repeatable)
        --min <field>                  smallest value of a field (repeatable)
        --max <field>                  largest value of a field (repeatable)
        --page <n>                     page number, from 1
        --page-size <n>                rows a page, 1 to 100
        --limit <n>                    same as --page-size
        --all                          follow every page, printing rows as pages
                                       arrive
        -h, --help                     display help for command

      Examples:
        agentry cms query posts --where 'status = "published" and (views > 100 or featured = true)'
        agentry cms query posts --where 'category in ["news","design"]' --select title,author.name --order-by views:desc
        agentry cms query posts --tags ai,cli --all -o ndjson > posts.ndjson
        agentry cms query posts --group-by status --count --sum views
        agentry cms query posts --where 'title ilike "agents"' --page 2 --page-size 50 --json
        agentry cms query posts --access cma --where 'status = "draft"' --count


      $ agentry cms save --help
      Usage: agentry cms save [options] <collection>

      Create a record, replace one with --id (its data and tags), or change some
      members with --merge

      Arguments:
        collection         the collection

      Options:
        -d, --data <json>  the record's data: a JSON object, inline, @file, or - for
                           stdin
        --id <id>          replace (or create) the record with this id, instead of
                           creating a new one
        --merge            with --id: change only the members of --data given (a JSON
                           merge patch: null removes one)
        --tags <a,b>       the record's tags, comma-separated (an update replaces
                           them; '' for none)
        --publish          publish it too (a save is a draft, which the delivery
                           access does not serve)
        -h, --help         display help for command

      Examples:
        agentry cms save posts --data '{"title":"Hello","status":"draft"}' --tags ai,cli
        agentry cms save posts --id post_00001 --data @post.json --publish
        agentry cms save posts --id post_00001 --merge --data '{"views":42,"draftNote":null}'
        jq -c .data post.json | agentry cms save posts --data - --json | jq -r .id


      $ agentry cms search --help
      Usage: agentry cms search [options] <collection> <text>

      Search the delivered records in plain words: the closest first, with their score

      Arguments:
        collection          the collection
        text                what to look for, in plain words

      Options:
        --threshold <0-1>   the least similarity kept, from 0 to 1 (default 0.72)
        --freshness <days>  favour recent records: the score halves its freshness part
                            every <days>
        --page <n>          page number, from 1
        --limit <n>         page size, 1 to 100 (default: the service's, 20)
        --all               follow every page
        -h, --help          display help for command

      Examples:
        agentry cms search posts "practical webhooks"
        agentry cms search posts "agents for design" --threshold 0.5 --freshness 30
        agentry cms search posts 'webhook security' --json | jq -r '.[] | "\\(.score) \\(.data.title)"'


      $ agentry cms types --help
      Usage: agentry cms types [options] [command]

      Record types: the collections with their schema (list, get <slug>)

      Options:
        -h, --help         display help for command

      Commands:
        get <slug>         Show a record type: its schema's fields (JSON: the schema
                           and schema_ui)
        list|ls [options]  List the record types (collections) with their schema
        help [command]     display help for command

      Examples:
        agentry cms types list
        agentry cms types get posts


      $ agentry cms types get --help
      Usage: agentry cms types get [options] <slug>

      Show a record type: its schema's fields (JSON: the schema and schema_ui)

      Arguments:
        slug        the record type's slug (the collection's name)

      Options:
        -h, --help  display help for command

      Examples:
        agentry cms types get posts
        agentry cms types get posts --json | jq '.schema.properties | keys'


      $ agentry cms types list --help
      Usage: agentry cms types list|ls [options]

      List the record types (collections) with their schema

      Options:
        --page <n>   page number, from 1
        --limit <n>  page size, 1 to 100 (default: the service's, 20)
        --all        follow every page
        -h, --help   display help for command

      Examples:
        agentry cms types list
        agentry cms types list --json | jq -r '.[].slug'


      $ agentry cms unpublish --help
      Usage: agentry cms unpublish [options] <collection> <id...>

      Unpublish records: drafts again, no longer served by the delivery access (cda)

      Arguments:
        collection  the collection
        id          the record ids

      Options:
        -h, --help  display help for command

      Examples:
        agentry cms unpublish posts rec_1
        agentry cms get posts rec_1 --access cma --json | jq .publishedAt

      "
    `)
  })

  it('sites', async () => {
    expect(await helpOfGroup('sites')).toMatchInlineSnapshot(`
      "
      $ agentry sites --help
      Usage: agentry sites|site [options] [command]

      List the sites of the account, show one

      Options:
        -h, --help         display help for command

      Commands:
        get <siteId>       Show one site (its pages: agentry pages list <siteId>)
        list|ls [options]  List the sites of the account
        help [command]     display help for command

      Examples:
        agentry sites list
        agentry sites get site_docs --json
        agentry pages list site_docs


      $ agentry sites get --help
      Usage: agentry sites get [options] <siteId>

      Show one site (its pages: agentry pages list <siteId>)

      Arguments:
        siteId      the site id

      Options:
        -h, --help  display help for command

      Examples:
        agentry sites get site_docs
        agentry sites get site_docs --json


      $ agentry sites list --help
      Usage: agentry sites list|ls [options]

      List the sites of the account

      Options:
        --page <n>   page number, from 1
        --limit <n>  page size, 1 to 100 (default: the service's, 20)
        --all        follow every page
        -h, --help   display help for command

      Examples:
        agentry sites list
        agentry sites list --all --json

      "
    `)
  })

  it('pages', async () => {
    expect(await helpOfGroup('pages')).toMatchInlineSnapshot(`
      "
      $ agentry pages --help
      Usage: agentry pages|page [options] [command]

      List the pages of a site, show one

      Options:
        -h, --help                  display help for command

      Commands:
        get <siteId> <pageId>       Show one page of a site, with its content
        list|ls [options] <siteId>  List the pages of a site
        help [command]              display help for command

      Examples:
        agentry pages list site_docs
        agentry pages get site_docs page_home --json


      $ agentry pages get --help
      Usage: agentry pages get [options] <siteId> <pageId>

      Show one page of a site, with its content

      Arguments:
        siteId      the site
        pageId      the page

      Options:
        -h, --help  display help for command

      Examples:
        agentry pages get site_docs page_home
        agentry pages get site_docs page_home --json | jq -r .content


      $ agentry pages list --help
      Usage: agentry pages list|ls [options] <siteId>

      List the pages of a site

      Arguments:
        siteId       the site

      Options:
        --page <n>   page number, from 1
        --limit <n>  page size, 1 to 100 (default: the service's, 20)
        --all        follow every page
        -h, --help   display help for command

      Examples:
        agentry pages list site_docs
        agentry pages ls site_docs --all -o ndjson

      "
    `)
  })

  it('files', async () => {
    expect(await helpOfGroup('files')).toMatchInlineSnapshot(`
      "
      $ agentry files --help
      Usage: agentry files|file [options] [command]

      Files and folders of the account: list, upload, download, url, mkdir, mv, delete

      Options:
        -h, --help                    display help for command

      Commands:
        delete|rm [options] <remote>  Delete a file (asks first on a terminal; --yes
                                      otherwise)
        download [options] <remote>   Download a file to --out (written atomically) or
                                      to stdout (binary only with --out -)
        list|ls [options] [folder]    List the files and folders in a folder (the top
                                      by default)
        mkdir <path>                  Make a folder (one already there is no error)
        mv|move <from> <to>           Move or rename a file or a folder (with
                                      everything in it); the new path must not exist
        upload [options] <path>       Upload a local file (streamed), with a
                                      Content-Type guessed from its extension
        url [options] <path>          Print a signed URL that reads a file without a
                                      credential until it expires
        help [command]                display help for command

      Examples:
        agentry files list images
        agentry files upload ./logo.png --to images/logo.png
        agentry files download images/logo.png --out logo.png


      $ agentry files delete --help
      Usage: agentry files delete|rm [options] <remote>

      Delete a file (asks first on a terminal; --yes otherwise)

      Arguments:
        remote      the remote path

      Options:
        -y, --yes   do not ask
        -h, --help  display help for command

      Examples:
        agentry files delete images/old.png --yes


      $ agentry files download --help
      Usage: agentry files download [options] <remote>

      Download a file to --out (written atomically) or to stdout (binary only with
      --out -)

      Arguments:
        remote        the remote path

      Options:
        --out <path>  a file or directory to write to; - for stdout
        -h, --help    display help for command

      Examples:
        agentry files download images/logo.png --out logo.png
        agentry files download docs/readme.txt | less
        agentry files download images/logo.png --out - | sha256sum

      A body that breaks off, stalls (AGENTRY_IDLE_TIMEOUT) or ends short is fetched again (--retries), from where it
      stopped when the server offers byte ranges, else from the start (to stdout: only from where it stopped). --out
      is written to a temporary file, renamed only once the whole file is in and checked: against the size the server
      declared (Content-Length) and its digest (Repr-Digest, Content-Digest or Digest, sha-256/sha-512), then
      against the size \`files list\` gives, whatever the answer declared (a page of 62 bytes for a file listed at
      300000: exit 8, nothing saved). A server that declares neither and lists no size cannot be checked. Exit codes:
      0 saved, 3 no such file, 8 broken off or not what the server declared or listed, 124 stalled.

      $ agentry files list --help
      Usage: agentry files list|ls [options] [folder]

      List the files and folders in a folder (the top by default)

      Arguments:
        folder             the folder to list, e.g. images (default: the top)

      Options:
        --page <n>         page number, from 1
        --limit <n>        page size, 1 to 100 (default: the service's, 20)
        --all              follow every page
        --prefix <folder>  the folder to list (the older name of the argument)
        --search <text>    only names that contain this (any case)
        -h, --help         display help for command

      Examples:
        agentry files list
        agentry files ls images --json
        agentry files list docs --search guide --all

      One folder's direct entries, folders first, each marked by a trailing / (in --json: "type": "folder"). Go into a
      folder by naming it: agentry files list images/icons.

      $ agentry files mkdir --help
      Usage: agentry files mkdir [options] <path>

      Make a folder (one already there is no error)

      Arguments:
        path        the folder, e.g. images/icons

      Options:
        -h, --help  display help for command

      Examples:
        agentry files mkdir images/icons
        agentry files mkdir archive --json


      $ agentry files mv --help
      Usage: agentry files mv|move [options] <from> <to>

      Move or rename a file or a folder (with everything in it); the new path must not
      exist

      Arguments:
        from        the file or folder
        to          its new path (the whole path, not a folder to go into)

      Options:
        -h, --help  display help for command

      Examples:
        agentry files mv docs/old.md archive/old.md
        agentry files mv images pictures


      $ agentry files upload --help
      Usage: agentry files upload [options] <path>

      Upload a local file (streamed), with a Content-Type guessed from its extension

      Arguments:
        path                   the local file

      Options:
        --to <remote>          remote path, e.g. docs/guide.pdf (default: the file
                               name)
        --content-type <type>  the Content-Type to store (default: from the extension)
        -h, --help             display help for command

      Examples:
        agentry files upload ./logo.png --to images/logo.png
        agentry files upload notes.txt --content-type "text/markdown; charset=utf-8"

      A PUT: after a 429, a 5xx or a dropped connection it is sent again (--retries, default 2), the file read anew.

      $ agentry files url --help
      Usage: agentry files url [options] <path>

      Print a signed URL that reads a file without a credential until it expires

      Arguments:
        path                  the remote file

      Options:
        --expires <duration>  how long the URL works: 30s, 15m, 1h, 7d at most
                              (default 1h)
        -h, --help            display help for command

      Examples:
        agentry files url images/logo.png
        curl -fsS "$(agentry files url docs/README.md --expires 5m)"
        agentry files url images/logo.png --json

      Anyone with the URL can read the file until it expires: share it as you would the file. --json gives the answer
      whole (signedUrl, expiresAt when the server says).
      "
    `)
  })

  it('images', async () => {
    expect(await helpOfGroup('images')).toMatchInlineSnapshot(`
      "
      $ agentry images --help
      Usage: agentry images|image [options] [command]

      Analyze an image, suggest edits of one, or generate one

      Options:
        -h, --help                       display help for command

      Commands:
        analyze [options] <image>        Ask about an image (a URL or a local PNG,
                                         JPEG, GIF or WebP file) and print the answer
        generate [options]               Generate an image from a prompt; print its
                                         URL, or save it with --out
        suggest-edits [options] <image>  Suggest edits of an image (a URL or a local
                                         PNG, JPEG, GIF or WebP file)
        help [command]                   display help for command

      Examples:
        agentry images analyze ./photo.jpg --prompt "What is in this picture?"
        agentry images generate --prompt "a lighthouse at dusk" --out lighthouse.png


      $ agentry images analyze --help
      Usage: agentry images analyze [options] <image>

      Ask about an image (a URL or a local PNG, JPEG, GIF or WebP file) and print the
      answer

      Arguments:
        image                an http(s) URL or a local file

      Options:
        -p, --prompt <text>  what to ask about it (default: "Describe this image")
        -h, --help           display help for command

      Examples:
        agentry images analyze ./photo.jpg --prompt "What is in this picture?"
        agentry images analyze https://example.com/chart.png -p "Summarize the trend" --json


      $ agentry images generate --help
      Usage: agentry images generate [options]

      Generate an image from a prompt; print its URL, or save it with --out

      Options:
        -p, --prompt <text>  what to draw
        --size <WxH>         width x height in pixels, e.g. 512x512
        --out <file>         download the image to this file (- for stdout)
        -h, --help           display help for command

      Examples:
        agentry images generate --prompt "a lighthouse at dusk"
        agentry images generate -p "a cat" --size 512x512 --out cat.png


      $ agentry images suggest-edits --help
      Usage: agentry images suggest-edits [options] <image>

      Suggest edits of an image (a URL or a local PNG, JPEG, GIF or WebP file)

      Arguments:
        image                an http(s) URL or a local file

      Options:
        -p, --prompt <text>  what the edits are for (default: any improvement)
        -h, --help           display help for command

      Examples:
        agentry images suggest-edits ./photo.jpg
        agentry images suggest-edits https://example.com/hero.png -p "for a dark website header" --json

      "
    `)
  })

  it('a2a', async () => {
    expect(await helpOfGroup('a2a')).toMatchInlineSnapshot(`
      "
      $ agentry a2a --help
      Usage: agentry a2a [options] [command]

      Talk to any agent that publishes an A2A card

      Options:
        -h, --help                           display help for command

      Commands:
        card <agent>                         Show an agent's A2A card: by agent id
                                             (this service) or by URL (any agent)
        send [options] <agent> [message...]  Send a message to an agent's A2A endpoint
                                             and print its reply
        task                                 Look at or cancel a task an agent keeps
                                             (A2A)
        help [command]                       display help for command

      Examples:
        agentry a2a card demo-assistant
        agentry a2a send demo-assistant -m "hello" --stream
        agentry a2a send https://agents.example.com/.well-known/agent-card.json -m "hello"
        agentry a2a task get demo-assistant 0b6f…


      $ agentry a2a card --help
      Usage: agentry a2a card [options] <agent>

      Show an agent's A2A card: by agent id (this service) or by URL (any agent)

      Arguments:
        agent       an agent id, or the URL of a card (a bare origin: its
                    /.well-known/agent-card.json; an agent's endpoint: the card the
                    origin or the endpoint serves)

      Options:
        -h, --help  display help for command

      Examples:
        agentry a2a card demo-assistant
        agentry a2a card https://agents.example.com/.well-known/agent-card.json --json
        agentry a2a card http://127.0.0.1:4000/a2a/jsonrpc


      $ agentry a2a send --help
      Usage: agentry a2a send [options] <agent> [message...]

      Send a message to an agent's A2A endpoint and print its reply

      Arguments:
        agent                  an agent id, or the URL of its card
        message                the message (as -m)

      Options:
        -m, --message <text>   the message (or pipe it on stdin)
        --stream               stream: print the reply as it arrives, and the state
                               changes on stderr
        --context <contextId>  continue an A2A conversation (its contextId)
        --no-wait              answer the task at once, before it ends (then: agentry
                               a2a task get)
        -h, --help             display help for command

      Examples:
        agentry a2a send demo-assistant -m "What can you do?"
        agentry a2a send demo-assistant what can you do
        agentry a2a send https://agents.example.com/.well-known/agent-card.json -m "hello" --stream
        echo "Summarize: …" | agentry a2a send demo-assistant --json | jq .status.state
        agentry a2a send demo-assistant -m "count to 1000" --no-wait --json | jq -r .id


      $ agentry a2a task --help
      Usage: agentry a2a task [options] [command]

      Look at or cancel a task an agent keeps (A2A)

      Options:
        -h, --help                      display help for command

      Commands:
        cancel <agent> <taskId>         Cancel a running task (exit 5 when it has
                                        already ended)
        get [options] <agent> <taskId>  Show a task's state, reply and artifacts
        help [command]                  display help for command

      Examples:
        agentry a2a task get demo-assistant 0b6f…
        agentry a2a task cancel demo-assistant 0b6f…


      $ agentry a2a task cancel --help
      Usage: agentry a2a task cancel [options] <agent> <taskId>

      Cancel a running task (exit 5 when it has already ended)

      Arguments:
        agent       an agent id, or the URL of its card
        taskId      the task id

      Options:
        -h, --help  display help for command

      Examples:
        agentry a2a task cancel demo-assistant 0b6f…


      $ agentry a2a task get --help
      Usage: agentry a2a task get [options] <agent> <taskId>

      Show a task's state, reply and artifacts

      Arguments:
        agent          an agent id, or the URL of its card
        taskId         the task id (from \`a2a send --json\`, .id)

      Options:
        --history <n>  at most this many recent messages of its history, 0 to 1000 (0:
                       none)
        -h, --help     display help for command

      Examples:
        agentry a2a task get demo-assistant 0b6f…
        agentry a2a task get https://agents.example.com/.well-known/agent-card.json 0b6f… --json | jq .status.state

      "
    `)
  })

  it('test', async () => {
    expect(await helpOfGroup('test')).toMatchInlineSnapshot(`
      "
      $ agentry test --help
      Usage: agentry test [options] <file>

      Test agents and scenarios: cases with assertions, a matrix of targets, JUnit and
      an HTML report

      Arguments:
        file                  the test file (YAML or JSON; schema:
                              docs/agent-tests.schema.json)

      Options:
        --results <file>      write one NDJSON line per case × target × repeat here
        --junit <file>        write JUnit XML here (one testcase per case × target)
        --report <file>       write a self-contained HTML report here
        --compare <results>   list the cases whose verdict changed since this
                              --results file
        --fail-on <what>      exit non-zero for any failing case (default), or only
                              for those that passed in --compare and fail now
                              (choices: "failures", "regressions")
        --summary-md <file>   write a Markdown summary here (a pull-request comment:
                              regressions first, with --compare)
        --rescore <results>   check the answers of this --results file again with the
                              file's assertions (judges asked; targets never)
        --repeat <n>          run every case n times, 1 to 100 (over the file's
                              repeat)
        --min-pass <k>        a case passes when k of its runs pass (a count, or a
                              share: 0.8, 80%; over the file's minPass and passRate)
        --errors <policy>     what a run with no answer counts as: fail (default:
                              fails its cell; exit code of the failure), zero (a
                              failed run), skip (left out of the rate) (choices:
                              "fail", "zero", "skip")
        --concurrency <n>     runs in flight, 1 to 64 (default 8)
        --shard <i/n>         only the cases of shard i of n (a CI matrix job)
        --filter <text>       only cases whose description contains it or with this
                              tag (repeatable)
        --files-root <dir>    also let the file's datasets, tools and images be read
                              from here (repeatable; default: its own folder)
        --judge <agent>       the judging agent of judge assertions that name none
                              (over the file's judge:)
        --allow-js            allow javascript assertions (they run code from the test
                              file)
        --cache               reuse answers of earlier runs, by target definition,
                              whole request and repeat (default: on, off when CI is
                              set or with --emulator)
        --no-cache            ask every target again, keeping no answer
        --secret-file <path>  file holding the scenarios' signing secret (or env
                              AGENTRY_SCENARIO_SECRET, or the profile)
        -h, --help            display help for command

      Examples:
        agentry --emulator test docs/agent-tests.example.yaml
        agentry test agents.yaml --junit junit.xml --report report.html --results results.ndjson
        agentry test agents.yaml --compare main-results.ndjson --results results.ndjson
        agentry test agents.yaml --compare main-results.ndjson --fail-on regressions --summary-md comment.md
        agentry test agents.yaml --filter smoke --concurrency 16 --shard 2/4
        agentry test agents.yaml --rescore results.ndjson --report rescored.html

      Each case runs against every target of the file (agents, or scenarios signed as \`scenario run\` signs), once or
      \`repeat\` times, and each answer is checked by its assertions: equals, contains, icontains, not-contains,
      contains-all/any, regex, starts-with, is-json (with a JSON Schema), json-path, tool-call, no-tool-call,
      finish-reason, latency, tokens, judge (another agent grades it against a rubric) and javascript (--allow-js).
      A case may hold a conversation (turns sent one after another, each asserted) or simulate (another agent plays the
      user until its goal is met), checked as a whole too: turns, goal. Completions and runs are POSTs, never retried but
      after a 429: then fewer are sent at once, and the case is sent again after the Retry-After asked (at most 8 times).
      --rescore takes the answers of an earlier --results file instead of asking the targets, and checks them with the
      file's assertions (a judge agent is still asked). The table of case × target goes to stdout; the summary to stderr.
      Exit codes: 0 every case passed, 10 some case failed its assertions, 2 a bad test file (nothing is sent), the
      code of the failure when runs got no answer (4 auth, 8 network…; 5 when they differ), 130 after Ctrl-C. With
      --fail-on regressions only the cases that passed in the --compare file and fail now count (a failing new case
      does not).
      "
    `)
  })

  it('api', async () => {
    expect(await helpOfGroup('api')).toMatchInlineSnapshot(`
      "
      $ agentry api --help
      Usage: agentry api [options] <method> <path>

      Make an authenticated call to any path of the service and print the answer

      Arguments:
        method                    HTTP method: GET, POST, PUT, PATCH, DELETE, HEAD,
                                  OPTIONS
        path                      path below the base URL (e.g. /{accountId}/agents),
                                  or /api/…, /oauth/… from the origin

      Options:
        -d, --data <json>         JSON body: inline, @file, or - for stdin
        --paginate                follow page=1,2,… and print every item of \`data\`
        -H, --header <header...>  extra header "Name: value"
        -h, --help                display help for command

      Examples:
        agentry api GET /{accountId}/agents
        agentry api POST /{accountId}/webhooks -d @webhook.json
        agentry api GET /{accountId}/cma/records/posts --paginate -o ndjson
        agentry api GET /{accountId}/schedules -o table

      The answer is printed as it came (JSON pretty-printed on a terminal). With -o table, tsv, yaml or ndjson a JSON
      answer is rendered: a list (or the \`data\` of a page) as rows with a column for each member, an object as its
      members; an answer that is not JSON is printed as it came.

      "
    `)
  })

  it('login', async () => {
    expect(await helpOfGroup('login')).toMatchInlineSnapshot(`
      "
      $ agentry login --help
      Usage: agentry login [options]

      Log in: OAuth in the system browser, --device without one, or --with-api-key to
      store a key read from stdin

      Options:
        --no-browser      do not open a browser: print the URL, then take the address
                          it ends on pasted on stdin
        --device          log in with a code typed on another device (RFC 8628), where
                          the server offers it
        --scope <scope>   OAuth scope to ask for (default: the service scope the
                          server advertises)
        --wait <seconds>  how long to wait for the browser, 1 to 3600, default 300
        --with-api-key    read an API key from stdin (a masked prompt on a terminal)
                          and store it
        --no-verify       store the key without trying it against the server
        --from-brightsy   import the official brightsy CLI's session
                          ($BRIGHTSY_CONFIG, else ~/.brightsy/config.json) into the
                          profile
        -h, --help        display help for command

      Examples:
        agentry login                                 browser login (OAuth, PKCE)
        agentry login --no-browser                    print the URL, open it anywhere, paste back where it ends
        agentry login --device                        type a code on another device (RFC 8628)
        agentry login --with-api-key < key.txt        store an API key read from stdin
        agentry --profile ci login --with-api-key --api-key-file /run/secrets/agentry
        agentry login --from-brightsy                 reuse the session of \`brightsy login\`

      "
    `)
  })

  it('logout', async () => {
    expect(await helpOfGroup('logout')).toMatchInlineSnapshot(`
      "
      $ agentry logout --help
      Usage: agentry logout [options]

      Forget the stored credential of the profile (and revoke OAuth tokens)

      Options:
        -h, --help  display help for command

      Examples:
        agentry logout
        agentry --profile ci logout

      "
    `)
  })

  it('whoami', async () => {
    expect(await helpOfGroup('whoami')).toMatchInlineSnapshot(`
      "
      $ agentry whoami --help
      Usage: agentry whoami [options]

      Show which credential is in use, where it came from, the base URL and account;
      checks it with the service

      Options:
        --no-check  do not ask the service (no network call)
        -h, --help  display help for command

      Examples:
        agentry whoami
        agentry whoami --json
        agentry whoami --no-check

      The check lists one agent of the account with the credential. Exit codes: 0 the service took it (or no account is
      set to check it with: the check row says so); 4 not logged in, or the service refused it (401/403, or the login
      server refused the OAuth grant's refresh: invalid_grant, invalid_client); 8 the service could not be reached;
      otherwise the code of the service's error.
      "
    `)
  })

  it('oauth', async () => {
    expect(await helpOfGroup('oauth')).toMatchInlineSnapshot(`
      "
      $ agentry oauth --help
      Usage: agentry oauth [options] [command]

      OAuth: login, logout, status, token, refresh, register

      Options:
        -h, --help          display help for command

      Commands:
        login [options]     Log in with OAuth in the system browser (the URL is
                            printed too), or --device without one
        logout              Revoke the OAuth tokens and forget them (same as agentry
                            logout)
        refresh             Refresh the access token now
        register [options]  Register a public OAuth client (RFC 7591) and print its
                            client id
        status              Show whether the profile is logged in with OAuth, and
                            until when (exit 4 when not)
        token               Print the current access token to stdout, for scripts
                            (refreshed first when about to expire)
        help [command]      display help for command

      Examples:
        agentry oauth login
        agentry oauth status
        TOKEN=$(agentry oauth token)


      $ agentry oauth login --help
      Usage: agentry oauth login [options]

      Log in with OAuth in the system browser (the URL is printed too), or --device
      without one

      Options:
        --no-browser      do not open a browser: print the URL, then take the address
                          it ends on pasted on stdin
        --device          log in with a code typed on another device (RFC 8628), where
                          the server offers it
        --scope <scope>   OAuth scope to ask for (default: the service scope the
                          server advertises)
        --wait <seconds>  how long to wait for the browser, 1 to 3600, default 300
        -h, --help        display help for command

      Examples:
        agentry oauth login
        agentry oauth login --no-browser --wait 600


      $ agentry oauth logout --help
      Usage: agentry oauth logout [options]

      Revoke the OAuth tokens and forget them (same as agentry logout)

      Options:
        -h, --help  display help for command

      Examples:
        agentry oauth logout
        agentry --profile ci oauth logout


      $ agentry oauth refresh --help
      Usage: agentry oauth refresh [options]

      Refresh the access token now

      Options:
        -h, --help  display help for command

      Examples:
        agentry oauth refresh
        agentry --profile ci oauth refresh --json


      $ agentry oauth register --help
      Usage: agentry oauth register [options]

      Register a public OAuth client (RFC 7591) and print its client id

      Options:
        --redirect-uri <uri...>  redirect URIs (default: the loopback
                                 http://127.0.0.1/callback)
        --name <name>            client name shown on the consent page, default
                                 agentry
        --scope <scope>          scope to register
        -h, --help               display help for command

      Examples:
        agentry oauth register
        agentry oauth register --json


      $ agentry oauth status --help
      Usage: agentry oauth status [options]

      Show whether the profile is logged in with OAuth, and until when (exit 4 when
      not)

      Options:
        -h, --help  display help for command

      Examples:
        agentry oauth status
        agentry oauth status --json | jq .expiresInSeconds


      $ agentry oauth token --help
      Usage: agentry oauth token [options]

      Print the current access token to stdout, for scripts (refreshed first when
      about to expire)

      Options:
        -h, --help  display help for command

      Examples:
        curl -H "Authorization: Bearer $(agentry oauth token)" https://host/api/v1beta/…

      "
    `)
  })

  it('config', async () => {
    expect(await helpOfGroup('config')).toMatchInlineSnapshot(`
      "
      $ agentry config --help
      Usage: agentry config [options] [command]

      Show and change settings and profiles

      Options:
        -h, --help         display help for command

      Commands:
        get <key>          Print the value of one setting as this run sees it (exit 1
                           when unset)
        list|ls            Show every setting with its value and where it came from
                           (flag, env, profile or default)
        path               Print the path of the config file (AGENTRY_CONFIG_DIR, else
                           the XDG config dir)
        profiles           List the saved profiles and show which one is in use
                           (--profile, AGENTRY_PROFILE, or default)
        set <key> <value>  Store a setting in the profile (checked before it is
                           written)
        unset <key>        Remove a setting from the profile
        use <profile>      Use this profile from now on when neither --profile nor
                           AGENTRY_PROFILE names one
        help [command]     display help for command

      Examples:
        agentry config set base-url https://host/api/v1beta
        agentry config list
        agentry --profile staging config set account acc_2
        agentry config profiles
        agentry config use staging


      $ agentry config get --help
      Usage: agentry config get [options] <key>

      Print the value of one setting as this run sees it (exit 1 when unset)

      Arguments:
        key         one of: profile, base-url, account, output, timeout, idle-timeout,
                    retries, default-agent, signature-header, secret-file, log,
                    mcp-servers, error-format, debug

      Options:
        -h, --help  display help for command

      Examples:
        agentry config get base-url
        agentry config get account --json


      $ agentry config list --help
      Usage: agentry config list|ls [options]

      Show every setting with its value and where it came from (flag, env, profile or
      default)

      Options:
        -h, --help  display help for command

      Examples:
        agentry config list
        agentry --profile ci config list --json
        agentry config list | cut -f1,2


      $ agentry config path --help
      Usage: agentry config path [options]

      Print the path of the config file (AGENTRY_CONFIG_DIR, else the XDG config dir)

      Options:
        -h, --help  display help for command

      Examples:
        agentry config path
        $EDITOR "$(agentry config path)"
        agentry config path --json


      $ agentry config profiles --help
      Usage: agentry config profiles [options] [command]

      List the saved profiles and show which one is in use (--profile,
      AGENTRY_PROFILE, or default)

      Options:
        -h, --help                  display help for command

      Commands:
        delete|rm [options] <name>  Delete a saved profile: its settings and its
                                    stored credential (asks first; --yes otherwise)
        list|ls                     List the saved profiles and show which one is in
                                    use (--profile, AGENTRY_PROFILE, or default)
        help [command]              display help for command

      Examples:
        agentry config profiles
        agentry config profiles --json


      $ agentry config profiles delete --help
      Usage: agentry config profiles delete|rm [options] <name>

      Delete a saved profile: its settings and its stored credential (asks first;
      --yes otherwise)

      Arguments:
        name        the profile

      Options:
        -y, --yes   do not ask
        -h, --help  display help for command

      Examples:
        agentry config profiles delete old
        agentry config profiles rm ci --yes


      $ agentry config profiles list --help
      Usage: agentry config profiles list|ls [options]

      List the saved profiles and show which one is in use (--profile,
      AGENTRY_PROFILE, or default)

      Options:
        -h, --help  display help for command

      Examples:
        agentry config profiles
        agentry config profiles list --json


      $ agentry config set --help
      Usage: agentry config set [options] <key> <value>

      Store a setting in the profile (checked before it is written)

      Arguments:
        key         one of: base-url, account, output, timeout, idle-timeout, retries,
                    default-agent, signature-header, secret-file, log, mcp-servers
        value       the value

      Options:
        -h, --help  display help for command

      Examples:
        agentry config set base-url https://host/api/v1beta
        agentry config set account acc_123
        agentry --profile ci config set timeout 600


      $ agentry config unset --help
      Usage: agentry config unset [options] <key>

      Remove a setting from the profile

      Arguments:
        key         one of: base-url, account, output, timeout, idle-timeout, retries,
                    default-agent, signature-header, secret-file, log, mcp-servers

      Options:
        -h, --help  display help for command

      Examples:
        agentry config unset default-agent
        agentry --profile ci config unset base-url


      $ agentry config use --help
      Usage: agentry config use [options] <profile>

      Use this profile from now on when neither --profile nor AGENTRY_PROFILE names
      one

      Arguments:
        profile     a saved profile (see \`agentry config profiles\`)

      Options:
        -h, --help  display help for command

      Examples:
        agentry config use staging
        agentry config use default

      "
    `)
  })

  it('emulator', async () => {
    expect(await helpOfGroup('emulator')).toMatchInlineSnapshot(`
      "
      $ agentry emulator --help
      Usage: agentry emulator [options] [command]

      Run the local emulator of the service

      Options:
        -h, --help       display help for command

      Commands:
        start [options]  Start the emulator on 127.0.0.1 and keep it running until
                         Ctrl-C
        help [command]   display help for command

      $ agentry emulator start --help
      Usage: agentry emulator start [options]

      Start the emulator on 127.0.0.1 and keep it running until Ctrl-C

      Options:
        --port <n>                      port on 127.0.0.1, default 4010 (0 to 65535,
                                        0: any free port)
        --data-file <path>              keep the state in this JSON file (loaded at
                                        start, saved after changes)
        --seed <kind>                   demo data or an empty service (default demo)
                                        (choices: "demo", "none")
        --token-delay <ms>              delay between streamed tokens in ms, 0 to
                                        60000 (default 15)
        --latency <ms[:jitter]>         delay every API answer by ms plus up to jitter
                                        ms (not the test hooks)
        --log-requests                  one line per request on stderr: method, path,
                                        status, milliseconds
        --upstream-url <url>            answer with an OpenAI-compatible server (POST
                                        <url>/chat/completions)
        --upstream-api-key-file <path>  file holding the upstream's API key (or set
                                        AGENTRY_UPSTREAM_API_KEY)
        --upstream-model <name>         the model asked of the upstream (default: each
                                        agent's model)
        -h, --help                      display help for command

      Examples:
        agentry emulator start
        agentry emulator start --port 0 --seed none
        agentry emulator start --data-file ./emulator.json --token-delay 0
        agentry emulator start --upstream-url http://127.0.0.1:11434/v1
        agentry emulator start --latency 200:50 --log-requests
        AGENTRY_UPSTREAM_API_KEY=… agentry emulator start --upstream-url https://openrouter.ai/api/v1 --upstream-model openai/gpt-4o-mini

      The scripted model answers deterministically:
        "show me markdown"           headings, lists, a code block and a table
        "count to N"                 exactly N tokens (benchmarks)
        "what is your system prompt" the agent's prompt plus the request's system messages
        naming a tool (get_weather)  a tool call; a following tool message gets an answer that uses its result
        attachments (stateful chat)  "attached: name (N bytes)" for each file uploaded to the message
        images (image_url items)     a description of each image (type, size, dimensions of data URLs)
        "think step by step"         reasoning first (streamed as delta.reasoning), then the answer
        "reply in JSON"              a JSON object about the message ({"agent", "words", "said"})
        <rubric>…</rubric><answer>…</answer>  a JSON verdict: each "quoted" phrase of the rubric in the answer
        <goal>…</goal><transcript>…</transcript>  a simulated user: asks for each "quoted" phrase of the goal the
                                     agent has not said yet ({"message"}), then {"done": true}
      With --upstream-url, every answer (completions, chats, A2A, scenario, webhook and schedule runs) comes from that
      OpenAI-compatible server instead, asked for usage; its key is read from --upstream-api-key-file or
      AGENTRY_UPSTREAM_API_KEY and sent as Authorization: Bearer.
      Demo agents: demo-assistant, weather-bot (get_weather), slow-poet (slow streaming), code-helper, support-triage,
      demo-judge (the judge of agentry test's rubric assertions and its simulated users), desktop-relay (queues your
      message as a desktop task and answers with a machine's response: agentry connect, docs/connect.md).
      Test hooks (not part of the service): they need Authorization: Bearer <hook-token> (printed at start, new each
      run), answer only on 127.0.0.1/localhost/[::1] with the emulator's port, and
      refuse browser cross-origin calls. With TOKEN=<hook-token>:
        add a fault rule:
          curl -X POST -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '{"match":{"path":"/api/v1beta/"},"status":503,"count":2}' http://127.0.0.1:4010/__emulator/faults
        list the fault rules:
          curl -X GET -H "authorization: Bearer $TOKEN" http://127.0.0.1:4010/__emulator/faults
        remove every fault rule:
          curl -X DELETE -H "authorization: Bearer $TOKEN" http://127.0.0.1:4010/__emulator/faults
        delay every API answer:
          curl -X POST -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '{"ms":200,"jitterMs":50}' http://127.0.0.1:4010/__emulator/latency
        show the delay:
          curl -X GET -H "authorization: Bearer $TOKEN" http://127.0.0.1:4010/__emulator/latency
        reseed the state (clears faults and the log):
          curl -X POST -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '{"seed":"demo"}' http://127.0.0.1:4010/__emulator/reset
        the last 1000 requests, secrets redacted:
          curl -X GET -H "authorization: Bearer $TOKEN" http://127.0.0.1:4010/__emulator/requests
        clear the request log:
          curl -X DELETE -H "authorization: Bearer $TOKEN" http://127.0.0.1:4010/__emulator/requests
        counters (requests, refreshes, …):
          curl -X GET -H "authorization: Bearer $TOKEN" http://127.0.0.1:4010/__emulator/counters
      "
    `)
  })

  it('completion', async () => {
    expect(await helpOfGroup('completion')).toMatchInlineSnapshot(`
      "
      $ agentry completion --help
      Usage: agentry completion [options] <shell>

      Print a shell completion script (bash, zsh, fish)

      Arguments:
        shell       bash, zsh or fish

      Options:
        -h, --help  display help for command

      Examples:
        source <(agentry completion bash)
        agentry completion fish > ~/.config/fish/completions/agentry.fish

      "
    `)
  })
})
