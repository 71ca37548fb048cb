import { parentPort, workerData } from 'node:worker_threads';
import { WebhookPoster } from './webhook-post.js';
import type { SendJob, SenderSettings, SendReply } from './webhook-sender.js';
import { signatureHeader } from './webhook-signature.js';

/**
 * The sending thread (decision 116): signs each delivery and POSTs it, off the event loop that
 * answers requests. Jobs arrive in groups from webhook-sender.ts; results go back in groups, once
 * per turn of this thread's loop.
 */
const settings = workerData as SenderSettings;
const poster = new WebhookPoster(settings.allowPrivate, settings.connections, settings.timeoutMs);
const port = parentPort!;
let replies: SendReply[] = [];

function reply(r: SendReply): void {
  replies.push(r);
  if (replies.length > 1) return;
  setImmediate(() => {
    const out = replies;
    replies = [];
    port.postMessage(out);
  });
}

async function run(job: SendJob): Promise<void> {
  const headers = {
    'webhook-id': job.messageId,
    'webhook-timestamp': String(job.timestamp),
    'webhook-signature': signatureHeader(job.secrets, job.messageId, job.timestamp, job.body),
  };
  reply({ n: job.n, result: await poster.post(job.url, headers, job.body) });
}

port.on('message', (message: SendJob[] | 'close') => {
  if (message === 'close') {
    void poster.close().finally(() => port.close());
    return;
  }
  for (const job of message) void run(job);
});
