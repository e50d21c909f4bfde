// The account tools of `agentry mcp serve` over the SDK resource layer: the lists of scenarios, sites and
// pages (derived from the lists `agentry <group> list` shows: ./lists.ts), a scenario run signed as `agentry scenario
// run` signs it, a webhook trigger with the secret `agentry webhook trigger` finds, images. Inputs from the contract.
import * as z from '../../api/zod.js'
import { imageAnalyzeRequestSchema, imageGenerateRequestSchema } from '../../api/schemas/content.js'
import { runSigned } from '../../scenario/run.js'
import { runSigning } from '../../scenario/signing.js'
import { webhookSecret, webhookSecretEnv } from '../../webhook-trigger/target.js'
import { webhookPayloadSchema } from '../../api/contract/webhooks.js'
import { CliError, UsageError } from '../../errors.js'
import { listTool } from './lists.js'
import { defineTool } from './types.js'

/** list_scenarios, list_executions, run_scenario, trigger_webhook, list_sites, list_pages, analyze_image, generate_image. */
export const accountTools = [
  listTool('scenariosList'),
  listTool('scenarioExecutions'),
  defineTool({
    name: 'run_scenario',
    title: 'Run a scenario',
    names: 'scenarios',
    description:
      "Run a scenario with an input text, signed with the profile's scenario secret; returns the execution. " +
      'Never retried (a retry could run it twice).',
    input: {
      scenarioId: z
        .string()
        .check(z.minLength(1, 'scenarioId is required'))
        .check(z.describe('the scenario (see list_scenarios)')),
      input: z.string().check(z.describe('the input text of the run')),
    },
    readOnly: false,
    async run(args, { ctx, sdk }) {
      const signing = await runSigning(ctx, args.scenarioId, {})
      return runSigned(sdk, args.scenarioId, args.input, signing)
    },
  }),
  defineTool({
    name: 'trigger_webhook',
    title: 'Trigger a webhook',
    description: `Trigger a webhook with a JSON object payload, authenticated with its secret (${webhookSecretEnv}, else its record's).`,
    input: {
      webhookId: z.string().check(z.minLength(1, 'webhookId is required')).check(z.describe('the webhook')),
      payload: webhookPayloadSchema.check(z.describe('the JSON object to deliver')),
    },
    readOnly: false,
    async run(args, { ctx, sdk }) {
      const secret = await webhookSecret(ctx, args.webhookId)
      if (!secret) throw new UsageError(`webhook ${args.webhookId}'s record has no secret`, `set ${webhookSecretEnv}`)
      const answer = await sdk.webhooks.trigger({ webhookId: args.webhookId }, args.payload, secret.value)
      if (!answer.received) throw new CliError('the service did not receive the trigger (received: false)')
      return answer
    },
  }),
  listTool('sitesList'),
  listTool('pagesList'),
  defineTool({
    name: 'analyze_image',
    title: 'Analyze an image',
    description: 'Describe the image at a URL, or answer a prompt about it.',
    input: imageAnalyzeRequestSchema.shape,
    readOnly: true,
    run: (args, { sdk }) => sdk.images.analyze(args),
  }),
  defineTool({
    name: 'generate_image',
    title: 'Generate an image',
    description: 'Generate an image from a prompt; returns its URL.',
    input: imageGenerateRequestSchema.shape,
    readOnly: false,
    run: (args, { sdk }) => sdk.images.generate(args),
  }),
]
