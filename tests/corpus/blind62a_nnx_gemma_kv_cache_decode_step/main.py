import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from gemma import CacheIndex, KVCache, Transformer, TransformerConfig


def main():
  cfg = TransformerConfig()
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
  with jax.set_mesh(mesh):
    model = Transformer(cfg, rngs=nnx.Rngs(0))
    model.init_cache(batch=4, max_len=128)

  graphdef, params, cache = nnx.split(model, nnx.Param, (KVCache, CacheIndex))
  param_sharding = nnx.get_named_sharding(params, mesh)
  cache_sharding = nnx.get_named_sharding(cache, mesh)
  token_sharding = NamedSharding(mesh, P('data'))

  def decode_step(params, cache, tokens):
    model = nnx.merge(graphdef, params, cache)
    logits = model(tokens)
    next_token = jnp.argmax(logits[:, -1], axis=-1)
    return next_token, nnx.state(model, (KVCache, CacheIndex))

  decode = jax.jit(
      decode_step,
      in_shardings=(param_sharding, cache_sharding, token_sharding),
      out_shardings=(token_sharding, cache_sharding),
      donate_argnums=(1,),
  )
  tokens = jax.ShapeDtypeStruct((4, 1), jnp.int32, sharding=token_sharding)
  decode.trace(params, cache, tokens).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
