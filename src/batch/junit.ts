// JUnit XML of a batch, for CI dashboards: one <testcase> per input, a run that did not succeed is a <failure>
// with its message, an input not run (the batch was interrupted) is <skipped>. The de-facto schema is the one
// Jenkins and GitHub/GitLab read (testsuites > testsuite > testcase). Text is XML-escaped, and characters XML 1.0
// cannot carry at all (§2.2 Char: most C0 controls, lone surrogates, U+FFFE/U+FFFF) are replaced by U+FFFD.
import type { BatchItem } from './input.js'
import { type ResultLine, succeeded } from './results.js'

/** What the report is about. */
export interface JunitSuite {
  /** e.g. "scenario scn_1" */
  name: string
  /** e.g. "scenario.scn_1" */
  classname: string
  /** when the batch started (ms since the epoch) */
  startedAt: number
  durationMs: number
}

/** One testcase: an input and its result (none: not run). */
export interface JunitCase {
  item: Pick<BatchItem, 'index' | 'input'>
  result: ResultLine | undefined
  /** the result comes from the --resume file */
  earlier?: boolean
}

const notXmlChar =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Text safe in XML content and in attribute values (quotes escaped, forbidden characters replaced). */
export function xmlEscape(text: string): string {
  return text
    .replace(notXmlChar, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** A short name for an input's testcase: its index and the start of its input. */
function caseName(item: JunitCase['item']): string {
  const text = typeof item.input === 'string' ? item.input : (JSON.stringify(item.input) ?? '')
  const flat = text.replace(/\s+/g, ' ').trim()
  return `#${item.index} ${flat.length > 60 ? `${flat.slice(0, 59)}…` : flat}`
}

const seconds = (ms: number) => (ms / 1000).toFixed(3)

/** The JUnit XML document of a batch. */
export function junitXml(suite: JunitSuite, cases: JunitCase[]): string {
  let failures = 0
  let skipped = 0
  const body: string[] = []
  for (const c of cases) {
    const time = c.result ? seconds(c.result.durationMs) : '0'
    const open = `    <testcase classname="${xmlEscape(suite.classname)}" name="${xmlEscape(caseName(c.item))}" time="${time}"`
    if (!c.result) {
      skipped++
      body.push(`${open}>\n      <skipped message="not run: the batch was interrupted"/>\n    </testcase>`)
    } else if (succeeded(c.result.status)) {
      const note = c.earlier ? `${c.result.status} in an earlier run` : c.result.status
      body.push(
        `${open}>\n      <system-out>${xmlEscape(`${note}: run ${c.result.runId ?? '?'}`)}</system-out>\n    </testcase>`,
      )
    } else {
      failures++
      const message = c.result.error ?? c.result.status
      const detail = `run ${c.result.runId ?? '(none)'} ${c.result.status}: ${message}`
      body.push(
        `${open}>\n      <failure message="${xmlEscape(message)}" type="${c.result.status}">${xmlEscape(detail)}</failure>\n    </testcase>`,
      )
    }
  }
  const counts = `tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(suite.durationMs)}"`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // Jenkins' schema has no skipped on <testsuites>: the suite below carries it
    `<testsuites name="agentry" tests="${cases.length}" failures="${failures}" errors="0" time="${seconds(suite.durationMs)}">`,
    `  <testsuite name="${xmlEscape(suite.name)}" ${counts} timestamp="${new Date(suite.startedAt).toISOString()}">`,
    ...body,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
