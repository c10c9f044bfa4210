import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from p2p import send_next

PP = "pp"
N_STAGES, N_MICRO, MB, D = 4, 4, 8, 512

mesh = Mesh(np.array(jax.devices()), axis_names=(PP,))


def block(w, x):
  return x + jax.nn.gelu(x @ w[0])


def stage_program(w, micro):
  """micro: [N_MICRO, MB, D] replicated; only stage 0 actually reads it."""
  is_first = jax.lax.axis_index(PP) == 0
  outs = []
  for m in range(N_MICRO):
    h = jnp.where(is_first, micro[m], jnp.zeros_like(micro[m]))
    for _ in range(N_STAGES - 1):
      h = send_next(block(w, h), PP, N_STAGES)
    outs.append(block(w, h))            # on the last stage this is the model output
  return jnp.stack(outs)


pipeline = jax.jit(jax.shard_map(stage_program, mesh=mesh,
                                 in_specs=(P(PP), P()), out_specs=P(PP)))

if __name__ == "__main__":
  w = jax.ShapeDtypeStruct((N_STAGES, D, D), jnp.bfloat16)
  micro = jax.ShapeDtypeStruct((N_MICRO, MB, D), jnp.bfloat16)
  pipeline.trace(w, micro).lower(lowering_platforms=("cuda",))
