import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

from kernels.ring import right_permute


class ShiftedMixer(nnx.Module):
    """Mixes each shard's tokens with its left neighbour's, moved by a remote DMA."""

    mesh = jax.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))

    def __init__(self, d, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(d, d, rngs=rngs)

    def _shift(self, h):
        n = self.mesh.shape["x"]
        shift = jax.shard_map(
            lambda blk: right_permute(blk, axis_name="x", num_devices=n),
            mesh=self.mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)
        return shift(h)

    def __call__(self, h):
        h = self.proj(h)
        return h + self._shift(h)


model = ShiftedMixer(128, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)


@jax.jit
def forward(state, h):
    return nnx.merge(graphdef, state)(h)


h = jnp.ones((32, 128), jnp.float32)
print(forward.trace(state, h).lower(lowering_platforms=("tpu",)).as_text()[:20])
