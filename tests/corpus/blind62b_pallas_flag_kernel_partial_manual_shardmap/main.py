from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from collectives import CollectiveConfig, all_gather

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)
cfg = CollectiveConfig(use_pallas=True, axis_size=mesh.shape["model"])


# Tensor-parallel matmul: gather the model-sharded weight columns, keep batch on 'data'
# under the automatic partitioner.
@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, "model")),
         out_specs=P(), axis_names={"model"}, check_vma=False)
def gathered_matmul(x, w):
  w_full = all_gather(w, "model", cfg)          # [model, d_in, d_out / model]
  w_full = jnp.concatenate(list(w_full), axis=-1)
  return x @ w_full


if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((64, 512), jnp.float32, sharding=NamedSharding(mesh, P("data")))
  w = jax.ShapeDtypeStruct((512, 1024), jnp.float32,
                           sharding=NamedSharding(mesh, P(None, "model")))
  gathered_matmul.trace(x, w).lower(lowering_platforms=("tpu",))
