from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from layers import ParallelMLP

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
mlp = ParallelMLP(tp_size=mesh.shape["model"])

param_specs = {"up": P(None, "model"), "down": P("model", None)}


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P("data", None)),
         out_specs=P(("data", "model"), None), check_vma=False)
def mlp_block(params, x):
  return mlp(params, x)


if __name__ == "__main__":
  params = {"up": jax.ShapeDtypeStruct((128, 512), jnp.float32),
            "down": jax.ShapeDtypeStruct((512, 128), jnp.float32)}
  x = jax.ShapeDtypeStruct((64, 128), jnp.float32)
  mlp_block.trace(params, x).lower(lowering_platforms=("tpu",))
