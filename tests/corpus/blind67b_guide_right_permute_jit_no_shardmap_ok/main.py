import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

import model
from kernels import RING_AXIS

devices = jax.devices()
mesh = Mesh(devices, (RING_AXIS,))

spec = P(RING_AXIS)
step = jax.jit(
    jax.shard_map(
        model.ring_attention_step,
        mesh=mesh,
        in_specs=(spec, spec, spec),
        out_specs=(spec, spec, spec),
        check_vma=False,
    )
)

if __name__ == "__main__":
  seq, head_dim = 512, 128
  q = jax.ShapeDtypeStruct((seq, head_dim), jnp.float32)
  k = jax.ShapeDtypeStruct((seq, head_dim), jnp.float32)
  v = jax.ShapeDtypeStruct((seq, head_dim), jnp.float32)
  step.trace(q, k, v).lower(lowering_platforms=("tpu",))
