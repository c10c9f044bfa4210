import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import sampling

mesh = Mesh(np.array(jax.devices()), (sampling.DATA,))


@functools.partial(jax.jit, static_argnames="temperature")
def next_tokens(key, hidden, w_out, temperature=0.7):
  fn = functools.partial(sampling.sample_shard, temperature=temperature)
  # tokens go straight back to the host-side detokenizer, so we ask for them whole
  return jax.shard_map(
      fn, mesh=mesh,
      in_specs=(P(), P(sampling.DATA, None), P()),
      out_specs=(P(), P()),
  )(key, hidden, w_out)


if __name__ == "__main__":
  key = jax.random.key(0)
  hidden = jax.ShapeDtypeStruct((64, 512), jnp.float32)
  w_out = jax.ShapeDtypeStruct((512, 8192), jnp.float32)
  next_tokens.trace(key, hidden, w_out).lower(lowering_platforms=("tpu",))
