import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from tp.layers import RowParallelMLP

MESH = {"shape": (2, 2), "axes": ("data", "model")}

mesh = Mesh(np.asarray(jax.devices()).reshape(MESH["shape"]), MESH["axes"])
mlp = RowParallelMLP(32, 64, rngs=nnx.Rngs(0))



def forward(model, x):
  return model(x, axis_name="model")


tp_forward = nnx.shard_map(forward, mesh=mesh, in_specs=(P(), P("data", "model")),
                           out_specs=P("data"), check_vma=False)

x = jnp.ones((8, 32))
print(nnx.jit(tp_forward).trace(mlp, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
