"""Sync BatchNorm over ('batch', 'data') moved to sharding-based data parallelism: 'data' is never bound."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ConvBlock(eqx.Module):
    conv: eqx.nn.Conv2d
    bn: eqx.nn.BatchNorm

    def __init__(self, cin, cout, key):
        self.conv = eqx.nn.Conv2d(cin, cout, 3, padding=1, key=key)
        self.bn = eqx.nn.BatchNorm(cout, axis_name=("batch", "data"), mode="batch")

    def __call__(self, x, state):
        x, state = self.bn(self.conv(x), state)
        return jax.nn.relu(x), state


model, state = eqx.nn.make_with_state(ConvBlock)(3, 8, jax.random.key(0))
mesh = jax.make_mesh((4,), ("data",))
images = jax.device_put(jnp.ones((16, 3, 8, 8)), NamedSharding(mesh, P("data")))


@eqx.filter_jit
def forward(model, state, images):
    return eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None), axis_name="batch")(images, state)


params, static = eqx.partition(model, eqx.is_array)
run = jax.jit(lambda p, s, x: forward(eqx.combine(p, static), s, x))
print(run.trace(params, state, images).lower(lowering_platforms=("cuda",)) is not None)
