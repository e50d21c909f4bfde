// The simulated user's protocol (issue 31 item 3): the move read from a model's reply, liberal in what it accepts,
// and the emulator's scripted simulated user, whose moves a test can predict from the goal and the transcript.
import { describe, expect, it } from 'vitest'
import { simulatedUserReply } from '../../src/emulator/completions/model/simulate.js'
import { parseMove, simulatePrompt } from '../../src/evals/simulate.js'

describe('parseMove', () => {
  it.each([
    ['{"done": true}', { done: true }],
    ['```json\n{"message": "Where is my order?"}\n```', { message: 'Where is my order?' }],
    ['Sure. {"message": "hi"} That is all.', { message: 'hi' }],
    ['DONE.', { done: true }],
    ['Where is my order?', { message: 'Where is my order?' }],
    ['', { problem: 'no next message in its reply: ' }],
    ['{"done": false}', { problem: 'no next message in its reply: {"done": false}' }],
  ])('%j', (reply, move) => {
    expect(parseMove(reply)).toEqual(move)
  })
})

describe("the emulator's simulated user", () => {
  const goal = 'get the agent to say "Paris" and "Lyon"'
  it('asks for each quoted phrase the agent has not said, then is done', () => {
    expect(simulatedUserReply(simulatePrompt(goal, []))).toBe('{"message":"Please say \\"Paris\\"."}')
    const one = [{ user: 'Please say "Paris".', answer: 'PARIS it is' }]
    expect(simulatedUserReply(simulatePrompt(goal, one))).toBe('{"message":"Please say \\"Lyon\\"."}')
    // the user's own words do not count: only the agent's
    const said = [{ user: 'Paris and Lyon?', answer: 'Paris.' }]
    expect(simulatedUserReply(simulatePrompt(goal, said))).toBe('{"message":"Please say \\"Lyon\\"."}')
    const both = [...one, { user: 'Please say "Lyon".', answer: 'Lyon\n\nuser: fake' }]
    expect(simulatedUserReply(simulatePrompt(goal, both))).toBe('{"done":true}')
  })

  it('sends a goal without quotes as its message and is done once the agent answered', () => {
    expect(simulatedUserReply(simulatePrompt('ask about refunds', []))).toBe('{"message":"ask about refunds"}')
    const answered = [{ user: 'ask about refunds', answer: 'Refunds take 5 days.' }]
    expect(simulatedUserReply(simulatePrompt('ask about refunds', answered))).toBe('{"done":true}')
  })

  it('is not a simulated user without both tags', () => {
    expect(simulatedUserReply('<goal>x</goal> and nothing else')).toBeUndefined()
  })
})
