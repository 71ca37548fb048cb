import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = SerializerSelector.SerializerFactory;
type Serialize = SerializerSelector.Serializer;

/**
 * Response serializers, compiled once per process and shared by every app built in it.
 *
 * Fastify compiles one fast-json-stringify function per route and status each time an app is built
 * (about 480 per app, most of its start-up time). The route schemas are module-level constants, so
 * a serializer compiled for one app serves the next: the cache is keyed by the schema object and by
 * the shared schemas (`app.addSchema`) and options it was compiled with. A compiled serializer is a
 * pure function of its schema, so sharing it changes nothing but the time an app takes to start —
 * which matters for tests (hundreds of apps per worker) and for a restarted instance.
 */
const compiled = new WeakMap<object, Map<string, Serialize>>();

export function sharedSerializerFactory(): SerializerFactory {
  const compile = SerializerSelector();
  return (externalSchemas, options) => {
    const compileRoute = compile(externalSchemas, options);
    const context = JSON.stringify([externalSchemas ?? null, options ?? null]);
    return (route) => {
      const schema = route.schema;
      if (typeof schema !== 'object' || schema === null) return compileRoute(route);
      let byContext = compiled.get(schema);
      if (!byContext) compiled.set(schema, (byContext = new Map()));
      let serialize = byContext.get(context);
      if (!serialize) byContext.set(context, (serialize = compileRoute(route)));
      return serialize;
    };
  };
}
