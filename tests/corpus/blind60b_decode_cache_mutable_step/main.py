import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import Decoder


def main():
  mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))
  model = Decoder()
  tok = jax.ShapeDtypeStruct((8, 1), jnp.int32, sharding=NamedSharding(mesh, P('data')))
  variables = jax.eval_shape(lambda t: model.init(jax.random.key(0), t, decode=True), tok)
  params, cache = variables['params'], variables['cache']

  def sample_step(params, cache, tok, rng):
    logits, mutated = model.apply({'params': params, 'cache': cache}, tok,
                                  decode=True, mutable=['cache'])
    nxt = jax.random.categorical(rng, logits[:, -1, :]).astype(jnp.int32)
    return nxt[:, None], mutated['cache']

  step = jax.jit(sample_step, donate_argnums=(1,))
  step.trace(params, cache, tok, jax.random.key(1)).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
