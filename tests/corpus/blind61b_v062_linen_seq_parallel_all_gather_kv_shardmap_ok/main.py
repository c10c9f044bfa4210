from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from attention import SeqParallelSelfAttention

mesh = Mesh(np.array(jax.devices()), ("seq",))
attn = SeqParallelSelfAttention(num_heads=8, head_dim=64)
x_spec = P(None, "seq", None)


@partial(shard_map, mesh=mesh, in_specs=(P(), x_spec), out_specs=P())
def init_params(rng, x):
  return attn.init(rng, x)


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), x_spec), out_specs=x_spec)
def attend(variables, x):
  return attn.apply(variables, x)


def main():
  x = jax.ShapeDtypeStruct((2, 4 * 128, 512), jnp.float32,
                           sharding=NamedSharding(mesh, x_spec))
  variables = jax.eval_shape(init_params, jax.random.key(0), x)
  lowered = attend.trace(variables, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
