import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from config import PipelineConfig
from model import LoopedPipeline

cfg = PipelineConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.stage_axis,))

pipeline = LoopedPipeline(cfg, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(pipeline)
state_specs = jax.tree.map(lambda _: P(cfg.stage_axis), state)


def stage_forward(state, x):
  model = nnx.merge(graphdef, state)
  return model(x)


step = jax.shard_map(stage_forward, mesh=mesh,
                     in_specs=(state_specs, P(cfg.stage_axis)),
                     out_specs=P(cfg.stage_axis))
step = jax.jit(step)

# one in-flight microbatch per device of the ring
x = jax.ShapeDtypeStruct((mesh.size * cfg.microbatch, cfg.d_model), jnp.float32)
step.trace(state, x).lower(lowering_platforms=("cuda",))
