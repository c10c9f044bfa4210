from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from decoder import RNNDecoder, greedy_decode

VOCAB, D_EMBED, D_HIDDEN = 512, 64, 256


@partial(nnx.jit, static_argnums=3)
def sample(model, first_token, h0, max_new_tokens):
  return greedy_decode(model, first_token, h0, max_new_tokens)


def main():
  mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
  with jax.set_mesh(mesh):
    model = RNNDecoder(VOCAB, D_EMBED, D_HIDDEN, rngs=nnx.Rngs(0))
    tok = jax.ShapeDtypeStruct((8,), jnp.int32, sharding=NamedSharding(mesh, P("data")))
    h0 = jax.ShapeDtypeStruct((8, D_HIDDEN), jnp.float32,
                              sharding=NamedSharding(mesh, P("data", None)))
    sample.trace(model, tok, h0, 16).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
