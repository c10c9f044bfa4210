import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from config import PIPELINE_CONFIG as cfg
from pipeline import StageMLP, build_pipeline

axis = cfg["stage_axis"]
mesh = Mesh(np.array(jax.devices()), (axis,))
n_devices = mesh.shape[axis]

x = jax.ShapeDtypeStruct((cfg["microbatch"], cfg["d_model"]), jnp.float32)
stage_init = StageMLP(cfg["d_model"], cfg["d_ff"]).init
keys = jax.ShapeDtypeStruct((n_devices,), jax.random.key(0).dtype)
stacked = jax.eval_shape(jax.vmap(stage_init, in_axes=(0, None)), keys, x)
stacked = {"params": {"stage": stacked["params"]}}

model = build_pipeline(cfg)


def run(stacked, x):
  local = jax.tree.map(lambda p: p[0], stacked)
  return model.apply(local, x)[None]


step = jax.jit(jax.shard_map(run, mesh=mesh, in_specs=(P(axis), P()), out_specs=P(axis)))
step.trace(stacked, x).lower(lowering_platforms=("cuda",))
