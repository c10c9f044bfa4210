import jax
import jax.numpy as jnp
from flax import nnx

from model import DecoderLayer, KVCache

BATCH, MAX_LEN, D = 2, 64, 128


def main():
  layer = DecoderLayer(D, n_heads=4, head_dim=32, max_len=MAX_LEN, batch=BATCH,
                       rngs=nnx.Rngs(0))
  graphdef, params, cache = nnx.split(layer, nnx.Param, KVCache)

  def step(params, cache, x):
    layer = nnx.merge(graphdef, params, cache)
    y = layer(x)
    return y, nnx.state(layer, KVCache)

  x = jnp.zeros((BATCH, 1, D), jnp.float32)
  jax.jit(step).trace(params, cache, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
