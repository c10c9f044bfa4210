"""An Equinox module that rotates its block round the ring with a remote-DMA Pallas kernel,
under jax.shard_map over "ring" (eqx.partition / eqx.combine around it); lowered for TPU."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

from rdma import rotate

mesh = Mesh(jax.devices(), ("ring",))


class RingMixer(eqx.Module):
    linear: eqx.nn.Linear
    axis_name: str = eqx.field(static=True)

    def __init__(self, key, axis_name="ring"):
        self.linear = eqx.nn.Linear(128, 128, key=key)
        self.axis_name = axis_name

    def __call__(self, x):
        return rotate(jax.vmap(self.linear)(x), self.axis_name, 4)


mixer = RingMixer(jr.PRNGKey(0))
params, static = eqx.partition(mixer, eqx.is_array)
x = jnp.ones((32, 128))


def local(params, x):
    return eqx.combine(params, static)(x)


step = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(P(), P("ring")), out_specs=P("ring"),
                             check_vma=False))
step.trace(params, x).lower(lowering_platforms=("tpu",))
