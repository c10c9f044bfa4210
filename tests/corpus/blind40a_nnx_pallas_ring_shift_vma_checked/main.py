import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from kernels.ring import ring_shift

mesh = Mesh(np.array(jax.devices()), ("x",))
N = mesh.shape["x"]


class RingMixer(nnx.Module):
    def __init__(self, dim, rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, h):
        h = self.proj(h)
        return h + ring_shift(h, axis_name="x", num_devices=N)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"))
def apply(model, h):
    return model(h)


model = RingMixer(128, nnx.Rngs(0))
h = jnp.ones((8 * N, 128), jnp.float32)
print(apply.trace(model, h).lower(lowering_platforms=("tpu",)).as_text()[:60])
