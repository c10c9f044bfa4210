import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import DecoderAttention

BATCH, MAX_LEN, D_MODEL = 8, 1024, 512
N_HEADS, N_KV_HEADS, HEAD_DIM = 16, 2, 64  # multi-query-ish config (2 KV heads)


def spec_for(path, leaf):
  names = [str(getattr(k, "key", k)) for k in path]
  if "cache_k" in names or "cache_v" in names:
    return P("data", None, "model", None)
  if "o_proj" in names:
    return P("model", None)
  if any(n in names for n in ("q_proj", "k_proj", "v_proj")):
    return P(None, "model")
  return P()


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(1, 4), ("data", "model"))
  model = nnx.eval_shape(lambda: DecoderAttention(
      D_MODEL, N_HEADS, N_KV_HEADS, HEAD_DIM, BATCH, MAX_LEN, rngs=nnx.Rngs(0)))
  graphdef, params, cache = nnx.split(model, nnx.Param, nnx.Cache)

  to_sharding = lambda tree: jax.tree_util.tree_map_with_path(
      lambda p, x: NamedSharding(mesh, spec_for(p, x)), tree)
  param_sh, cache_sh = to_sharding(params), to_sharding(cache)
  x_sh = NamedSharding(mesh, P("data"))

  def decode_step(params, cache, x):
    model = nnx.merge(graphdef, params, cache)
    y = model(x)
    _, _, new_cache = nnx.split(model, nnx.Param, nnx.Cache)
    return y, new_cache

  step = jax.jit(decode_step, in_shardings=(param_sh, cache_sh, x_sh),
                 out_shardings=(x_sh, cache_sh), donate_argnums=(1,))
  x = jax.ShapeDtypeStruct((BATCH, 1, D_MODEL), jnp.float32)
  lowered = step.trace(params, cache, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
