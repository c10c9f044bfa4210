import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from model import make_block, param_specs

CONFIG = {
    "mesh_axes": ("data", "model"),
    "mesh_shape": (2, 2),
    "block": "parallel_mlp",
    "d_model": 128,
    "d_ff": 512,
    "batch": 16,
}

mesh = jax.make_mesh(CONFIG["mesh_shape"], CONFIG["mesh_axes"])
dp, tp = CONFIG["mesh_axes"]
block = make_block(CONFIG, mesh)
specs = param_specs(tp)

init = jax.shard_map(block.init, mesh=mesh, in_specs=(P(), P(dp, None)), out_specs=specs)
x = jax.ShapeDtypeStruct((CONFIG["batch"], CONFIG["d_model"]), jnp.float32)
params = jax.eval_shape(init, jax.random.key(0), x)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(specs, P(dp, None)), out_specs=P(dp, None))
def forward(params, x):
  return block.apply(params, x)


forward.trace(params, x).lower(lowering_platforms=("tpu",))
