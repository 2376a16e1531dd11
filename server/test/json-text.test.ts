import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../contract/http';
import { installErrorHandler } from '../src/http/error-handler';
import { sendJsonText, type JsonText } from '../src/http/json-text';

const rows = z.array(z.object({ id: z.number(), name: z.string().nullable() }));
type Rows = z.infer<typeof rows>;

/** One route answering the given text, checked or not. */
async function appSending(text: string, check: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.withTypeProvider<ZodTypeProvider>().get('/rows', { schema: { response: answers(rows) } }, async (_request, reply) => sendJsonText(reply, rows, text as JsonText<Rows>, check));
  await app.ready();
  return app;
}

describe('JSON text answers (big lists written by the database)', () => {
  it('are sent as they are, as JSON', async () => {
    const text = '[{"id":1,"name":"Fiesch"},{"id":2,"name":null}]';
    const app = await appSending(text, true);
    const res = await app.inject({ method: 'GET', url: '/rows' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(text);
    await app.close();
  });

  it('fail as a wrong answer when checked (outside production), like any answer off the contract', async () => {
    const app = await appSending('[{"id":"1","name":"Fiesch"}]', true);
    const res = await app.inject({ method: 'GET', url: '/rows' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    await app.close();
  });

  it('are not parsed again in production', async () => {
    const app = await appSending('[{"id":"1"}]', false);
    const res = await app.inject({ method: 'GET', url: '/rows' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[{"id":"1"}]');
    await app.close();
  });
});
