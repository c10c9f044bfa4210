import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import pp

mesh = Mesh(np.array(jax.devices()[:pp.N_STAGES]), (pp.STAGE,))


def per_stage(w, x):
  out = pp.forward(w, x)
  return pp.return_to_first_stage(out)


@jax.jit
def step(w, x):
  staged = jax.shard_map(per_stage, mesh=mesh,
                         in_specs=(P(pp.STAGE), P()), out_specs=P(pp.STAGE))
  return staged(w, x)


w = jax.ShapeDtypeStruct((pp.N_STAGES, 512, 512), jnp.bfloat16)
x = jax.ShapeDtypeStruct((32, 512), jnp.bfloat16)
step.trace(w, x).lower(lowering_platforms=("cuda",))
