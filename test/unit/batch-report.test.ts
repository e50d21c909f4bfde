// The parts of a batch report (src/batch/*): input lines, JUnit XML (parsed back), summary, annotations, exit code.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { parseBatchLine } from '../../src/batch/input.js'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { junitXml, xmlEscape } from '../../src/batch/junit.js'
import { validateXml } from '../helpers/xsd-subset.js'
import { annotation, batchExitCode, summaryLine } from '../../src/batch/report.js'
import type { ResultLine } from '../../src/batch/results.js'

const result = (index: number, status: ResultLine['status'], error: string | null = null): ResultLine => ({
  index,
  input: `in ${index}`,
  runId: status === 'refused' ? null : `exe_${index}`,
  status,
  output: null,
  durationMs: 12,
  error,
})

describe('batch input lines', () => {
  it('scenario: a JSON string or {input}; anything else names the problem', () => {
    expect(parseBatchLine('scenario', '"hi"')).toEqual({ input: 'hi', payload: 'hi' })
    expect(parseBatchLine('scenario', '{"input":"x","tag":1}')).toEqual({ input: 'x', payload: 'x' })
    expect(parseBatchLine('scenario', '{"input":3}')).toEqual({ problem: expect.stringMatching(/"input" as a string/) })
    expect(parseBatchLine('scenario', '42')).toEqual({ problem: expect.stringMatching(/JSON string or an object/) })
    expect(parseBatchLine('scenario', '{oops')).toEqual({ problem: expect.stringMatching(/^not JSON/) })
  })
  it('webhook: a JSON object, sent as its exact text', () => {
    expect(parseBatchLine('webhook', ' {"a": 1}\r')).toEqual({ input: { a: 1 }, payload: '{"a": 1}' })
    expect(parseBatchLine('webhook', '[1]')).toEqual({ problem: expect.stringMatching(/JSON object/) })
  })
})

describe('JUnit XML', () => {
  const hostile = 'a <b> & "c" \'d\' \u0000\u001b[31m \ud800 end'
  const xml = junitXml({ name: 'scenario scn_1', classname: 'scenario.scn_1', startedAt: 0, durationMs: 1500 }, [
    { item: { index: 0, input: 'ok' }, result: result(0, 'completed') },
    { item: { index: 1, input: hostile }, result: result(1, 'refused', `409 ${hostile}`) },
    { item: { index: 2, input: 'late' }, result: undefined },
    { item: { index: 3, input: 'before' }, result: result(3, 'completed'), earlier: true },
  ])

  it('is well-formed and counts tests, failures and skipped', () => {
    expect(XMLValidator.validate(xml)).toBe(true)
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml)
    const suite = doc.testsuites.testsuite
    expect(suite).toMatchObject({ name: 'scenario scn_1', tests: '4', failures: '1', skipped: '1', time: '1.500' })
    expect(suite.testcase).toHaveLength(4)
    expect(suite.testcase[1].failure.message).toContain('409 a <b> & "c"')
    expect(suite.testcase[1].failure.type).toBe('refused')
    expect(suite.testcase[2].skipped.message).toMatch(/interrupted/)
    expect(suite.testcase[3]['system-out']).toMatch(/earlier run/)
  })

  it('passes the Jenkins JUnit schema (test/fixtures/junit/jenkins-junit.xsd); the check can fail', () => {
    const xsd = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'junit', 'jenkins-junit.xsd'), 'utf8')
    expect(validateXml(xml, xsd)).toEqual([])
    // what the batch wrote before: skipped on <testsuites>, which Jenkins' schema refuses
    expect(
      validateXml(xml.replace('<testsuites name="agentry"', '<testsuites skipped="1" name="agentry"'), xsd),
    ).toEqual(['/testsuites: attribute skipped is not allowed'])
    expect(validateXml('<testsuites><testsuite tests="x"><testcase/></testsuite></testsuites>', xsd)).toEqual([
      '/testsuites/testsuite: tests="x" is not xs:int',
      '/testsuites/testsuite: name is required',
      '/testsuites/testsuite/testcase: name is required',
    ])
  })

  it('carries no character XML 1.0 forbids', () => {
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/)
    expect(xmlEscape('\u0000<&\ud800')).toBe('\ufffd&lt;&amp;\ufffd')
    expect(xmlEscape('😀')).toBe('😀')
  })
})

describe('summary, annotations and exit code', () => {
  it('summarises by status', () => {
    const cases = [
      { item: { index: 0, input: 'a' }, result: result(0, 'completed'), earlier: true },
      { item: { index: 1, input: 'b' }, result: result(1, 'completed') },
      { item: { index: 2, input: 'c' }, result: result(2, 'failed') },
      { item: { index: 3, input: 'd' }, result: undefined },
    ]
    expect(summaryLine('scenario', cases, 3400)).toBe(
      '4 runs: 2 completed (1 from --resume), 1 failed, 1 not run in 3.4 s',
    )
  })
  it('an annotation is one line: newlines and % escaped, control characters made visible', () => {
    const item = { index: 4, line: 7, input: 'x', payload: 'x' }
    const line = annotation({ kind: 'scenario', target: 'scn_1' }, item, result(4, 'failed', '50%\nnext\u001b[2J'))
    expect(line).toMatch(/^::error title=scenario scn_1 input 4::input 4 \(line 7\): run exe_4 failed: 50%25%0Anext/)
    expect(line).not.toContain('\u001b')
    expect(line.indexOf('\n')).toBe(line.length - 1)
  })
  it('exit code: 0, the one shared code, else 5', () => {
    expect(batchExitCode(new Map())).toBe(0)
    expect(
      batchExitCode(
        new Map([
          [0, 4],
          [1, 4],
        ]),
      ),
    ).toBe(4)
    expect(
      batchExitCode(
        new Map([
          [0, 4],
          [1, 8],
        ]),
      ),
    ).toBe(5)
  })
})
