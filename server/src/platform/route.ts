import type { FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { BodyOut, ParamsOut, QueryOut, ReplyIn, RouteDef } from '@proc/contract/http';
import type { App } from './module';

/** A handler of a contract route: typed params, query and body; it returns the declared answer or sends it itself. */
export type RouteHandler<R extends RouteDef> = (
  req: FastifyRequest<{ Params: ParamsOut<R>; Querystring: QueryOut<R>; Body: BodyOut<R> }>,
  reply: FastifyReply,
) => Promise<ReplyIn<R> | FastifyReply | void>;

/** The route's documentation and options beside what the contract declares (tags, summary, config, hooks). */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'> & {
  schema?: Omit<FastifySchema, 'params' | 'querystring' | 'body' | 'response'>;
};

/**
 * Registers a route of the contract (packages/contract/src/routes): its method, path and schemas come from there, so
 * the server, the web and the tests cannot disagree on them.
 */
export function route<R extends RouteDef>(app: App, r: R, opts: RouteOptions, handler: RouteHandler<R>): void {
  const schema: FastifySchema = { ...opts.schema };
  if (r.params) schema.params = r.params;
  if (r.query) schema.querystring = r.query;
  if (r.body) schema.body = r.body;
  if (r.response) schema.response = r.response;
  app.route({ ...opts, method: r.method, url: r.path, schema, handler: handler as never });
}
