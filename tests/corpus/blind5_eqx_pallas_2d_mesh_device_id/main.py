"""A 2-D ("data", "model") mesh; the model-parallel layer rotates its activations around
the "model" ring with a remote-DMA kernel."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ring_kernels import ring_permute

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


class RotatingLinear(eqx.Module):
    weight: jax.Array
    axis_name: str = eqx.field(static=True)
    axis_size: int = eqx.field(static=True)

    def __call__(self, x):
        y = x @ self.weight
        return ring_permute(y, self.axis_name, self.axis_size)


layer = RotatingLinear(jnp.zeros((128, 128)), "model", mesh.shape["model"])
arrays, static = eqx.partition(layer, eqx.is_array)


@jax.jit
@partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(P(), P("data", "model")),
    out_specs=P("data", "model"),
    check_vma=False,
)
def apply(arrays, x):
    return eqx.combine(arrays, static)(x)


x = jax.ShapeDtypeStruct((16, 256), jnp.float32)
print(apply.trace(arrays, x).lower(lowering_platforms=("tpu",)).as_text()[:100])
