"""An Equinox module that rotates its block round the ring with a remote-DMA Pallas kernel,
run with eqx.filter_pmap(axis_name="ring"); lowered for TPU."""
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


@eqx.filter_pmap(in_axes=(None, 0), axis_name="ring")
def step(params, x):
    return eqx.combine(params, static)(x)


jax.jit(lambda p, x: step(p, x)).trace(params, x.reshape(4, 8, 128)).lower(
    lowering_platforms=("tpu",))
