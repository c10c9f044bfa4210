"""An FSDP Equinox layer rematerialised with @eqx.filter_checkpoint, its weight all_gathered
over "fsdp"; gradients under eqx.filter_jit."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ("fsdp",))


class FSDPLinear(eqx.Module):
    """The weight is stored sharded over "fsdp" and gathered for each use."""
    weight: jax.Array

    def __init__(self, din, dout, key):
        self.weight = jr.normal(key, (din, dout)) * 0.02

    def __call__(self, x):
        w = jax.lax.all_gather(self.weight, "fsdp", axis=0, tiled=True)
        return jax.nn.gelu(x @ w)


@eqx.filter_checkpoint
def block(layer, x):
    return layer(x)


def loss(layer, x):
    return jnp.mean(block(layer, x) ** 2)


layer = FSDPLinear(64, 64, jr.PRNGKey(0))
x = jnp.ones((16, 64))


@eqx.filter_jit
def grads(layer, x):
    return eqx.filter_grad(loss)(layer, x)


grads.lower(layer, x)
