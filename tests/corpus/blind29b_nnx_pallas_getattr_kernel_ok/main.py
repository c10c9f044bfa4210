import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

import ops


@dataclasses.dataclass
class Config:
    shift_impl: str = "shift_right"
    seq_axis: str = "sp"
    mesh_shape: tuple = (4,)


class NeighbourMix(nnx.Module):
    def __init__(self, cfg, mesh, dim, *, rngs):
        self.cfg = cfg
        self.mesh = mesh
        self.proj = nnx.Linear(dim, dim, rngs=rngs)

    @property
    def shift_fn(self):
        return getattr(ops.shift_kernels, self.cfg.shift_impl)

    def __call__(self, x):
        h = self.proj(x)
        spec = P(self.cfg.seq_axis)
        shifted = jax.shard_map(lambda b: self.shift_fn(b, self.cfg.seq_axis), mesh=self.mesh,
                                in_specs=spec, out_specs=spec, check_vma=False)(h)
        return h + shifted


cfg = Config()
mesh = jax.make_mesh(cfg.mesh_shape, (cfg.seq_axis,), axis_types=(AxisType.Auto,))
model = NeighbourMix(cfg, mesh, 128, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    return model(x)


x = jnp.ones((32, 128), jnp.float32)
lowered = forward.trace(model, x).lower(lowering_platforms=("tpu",))
print("lowered")
