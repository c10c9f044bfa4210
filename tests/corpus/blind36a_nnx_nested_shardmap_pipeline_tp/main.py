import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from tp import make_tp_matmul

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("stage", "tp"))
tp_matmul = make_tp_matmul(mesh)


class Stage(nnx.Module):
    def __init__(self, d, rngs):
        self.w = nnx.Param(jax.random.normal(rngs.params(), (d, d)) * d**-0.5)

    def __call__(self, h):
        return nnx.relu(tp_matmul(h, self.w.value))


graphdef, state = nnx.split(Stage(16, nnx.Rngs(0)))


def pipeline_stage(state, h):
    stage = nnx.merge(graphdef, state)
    h = stage(h)
    return jax.lax.ppermute(h, "stage", [(0, 1), (1, 0)])


pipelined = jax.shard_map(pipeline_stage, mesh=mesh, in_specs=(P(), P("stage")),
                          out_specs=P("stage"), axis_names={"stage"}, check_vma=False)
print(jax.jit(pipelined).trace(state, jnp.ones((8, 16))).lower(lowering_platforms=("cuda",)).as_text()[:20])
