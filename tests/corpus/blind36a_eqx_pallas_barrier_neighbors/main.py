import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from comm_kernels import AXIS, exchange


class ShiftedConv(eqx.Module):
    conv: eqx.nn.Conv1d

    def __init__(self, channels, key):
        self.conv = eqx.nn.Conv1d(channels, channels, kernel_size=3, padding=1, key=key)

    def __call__(self, x):   # x: (channels, length) on one device
        return self.conv(x) + exchange(x)


mesh = Mesh(np.array(jax.devices()), (AXIS,))
model = ShiftedConv(8, jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


def local(params, x):
    return eqx.combine(params, static)(x)


fwd = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(P(), P(None, AXIS)),
                            out_specs=P(None, AXIS), check_vma=False))
x = jnp.ones((8, 512))
print(fwd.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
